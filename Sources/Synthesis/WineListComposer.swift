import Entries
import Evaluation

/// Lays a list's rows out on the page: title block, one or two columns of sections with
/// right-aligned price columns, dot leaders, wrapped names, and a footer. Measures every run with
/// Pango, so wrapping and alignment are those of the real fonts. Rows that do not fit are dropped
/// (with their truth): the page is the first page of a longer list.
struct WineListComposer {
    let engine: TextEngine
    let style: WineListStyle

    /// One printed line: its runs relative to the line's baseline, and what it says.
    private struct Line {
        var pieces: [PlacedText]
        var text: String
        var pitch: Double
        /// Space above the line (skipped at the top of a column).
        var spaceBefore: Double = 0
    }

    private struct Block {
        var lines: [Line]
        /// Index into `truths` when the block (or its last part) is an entry.
        var entry: GroundTruth.Entry?
        var entryFirstLine: Int = 0
    }

    private var bodyPitch: Double { style.body.sizePt * millimetresPerPoint * style.leading }

    /// Estimated entries per page, for the content generator.
    static func capacity(style: WineListStyle) -> Int {
        let pitch = style.body.sizePt * millimetresPerPoint * style.leading
        let usable = style.heightMM - 2 * style.margin - pitch * 6
        let perEntry = pitch * (1 + style.entryGap + (style.region == .secondLine ? 0.85 : 0) + 0.2) + pitch * 0.35
        return max(4, Int(Double(style.columns) * usable / perEntry))
    }

    func compose(rows: [DraftRow], year: Int) -> FlatDocument {
        let left = style.margin, right = style.widthMM - style.margin
        var pieces: [PlacedText] = []
        var rules: [PrintedRule] = []
        var lines: [String] = []
        var entries: [GroundTruth.Entry] = []

        // Title block.
        var y = style.margin
        func centred(_ text: String, _ font: FontSpec, pitch: Double) {
            let extent = engine.measure(text, font: font)
            let baseline = y + extent.ascent
            pieces.append(PlacedText(text: text, font: font, x: (style.widthMM - extent.width) / 2, baseline: baseline))
            lines.append(text)
            y += max(pitch, extent.ascent + extent.descent)
        }
        centred(style.restaurant, style.title, pitch: style.title.sizePt * millimetresPerPoint * 1.2)
        if let subtitle = style.subtitleText {
            y += bodyPitch * 0.2
            centred(subtitle, style.subtitle, pitch: style.subtitle.sizePt * millimetresPerPoint * 1.3)
        }
        if style.titleRule {
            y += bodyPitch * 0.4
            let inset = (right - left) * 0.3
            rules.append(PrintedRule(x0: left + inset, y0: y, x1: right - inset, y1: y, widthMM: 0.35, colour: style.heading.colour))
        }
        y += bodyPitch * 1.4

        // Footer reserves the bottom.
        var bottom = style.heightMM - style.margin
        var footerLines: [(String, FontSpec)] = []
        let footerFont = style.detail.with(size: style.body.sizePt * 0.8)
        for text in style.footer.reversed() {
            footerLines.insert((text, footerFont), at: 0)
        }
        let footerPitch = footerFont.sizePt * millimetresPerPoint * 1.4
        bottom -= Double(footerLines.count) * footerPitch + (footerLines.isEmpty ? 0 : bodyPitch)

        // Columns.
        let columnWidth = (right - left - Double(style.columns - 1) * style.gutter) / Double(style.columns)
        let blocks = makeBlocks(rows: rows, columnWidth: columnWidth)
        var column = 0
        var columnLines: [[String]] = Array(repeating: [], count: style.columns)
        let top = y
        var atColumnTop = true
        placing: for block in blocks {
            let height = block.lines.enumerated().reduce(0) { $0 + $1.element.pitch + ($1.offset == 0 && atColumnTop ? 0 : $1.element.spaceBefore) }
            if y + height > bottom {
                column += 1
                guard column < style.columns else { break placing }
                y = top
                atColumnTop = true
            }
            let x0 = left + Double(column) * (columnWidth + style.gutter)
            var entryText: [String] = []
            for (index, line) in block.lines.enumerated() {
                if !(atColumnTop && index == 0) { y += line.spaceBefore }
                let baseline = y + line.pitch * 0.78
                for piece in line.pieces {
                    pieces.append(PlacedText(text: piece.text, font: piece.font, x: x0 + piece.x, baseline: baseline + piece.baseline))
                }
                columnLines[column].append(line.text)
                if index >= block.entryFirstLine { entryText.append(line.text) }
                y += line.pitch
                atColumnTop = false
            }
            if var truth = block.entry {
                truth.text = entryText.joined(separator: "\n")
                entries.append(truth)
            }
        }
        lines += columnLines.flatMap { $0 }

        // Footer.
        var fy = style.heightMM - style.margin - Double(footerLines.count) * footerPitch
        for (text, font) in footerLines {
            let extent = engine.measure(text, font: font)
            pieces.append(PlacedText(text: text, font: font, x: (style.widthMM - extent.width) / 2, baseline: fy + extent.ascent))
            lines.append(text)
            fy += footerPitch
        }

        let parameters: [String: String] = [
            "page": style.pageName, "columns": String(style.columns), "naming": style.naming.rawValue,
            "vintageFirst": String(style.vintageFirst), "region": style.region.rawValue, "leaders": style.leaders.rawValue,
            "bins": style.binPrefix.map { "'\($0)'" } ?? "none", "glassPrices": style.glassPrices.rawValue,
            "glassHeader": style.glassHeader.joined(separator: " "), "priceFormat": style.price.format(1234.5),
            "currency": style.price.currency, "vintageStyle": style.printing.vintageStyle.rawValue,
            "abbreviationRate": String(style.printing.abbreviationRate), "stripAccents": String(style.printing.stripAccents),
            "bodyFont": style.body.summary, "headingFont": style.heading.summary, "titleFont": style.title.summary,
            "detailFont": style.detail.summary, "paper": style.paper.hex, "year": String(year),
        ]
        return FlatDocument(kind: .winelist, widthMM: style.widthMM, heightMM: style.heightMM, paper: style.paper,
                            pieces: pieces, rules: rules, lines: lines, entries: entries, receipt: nil,
                            layout: style.columns == 2 ? "two-column" : "one-column", parameters: parameters)
    }

    /// Turns rows into blocks of lines; a heading and a column header stay with the entry after them.
    private func makeBlocks(rows: [DraftRow], columnWidth: Double) -> [Block] {
        var blocks: [Block] = []
        var pending: [Line] = []
        var priceRights: [Double] = [columnWidth]
        let priceGap = 4.0
        let binWidth: Double = style.binPrefix.map { engine.width($0 + "9999", font: style.body) + 1.5 } ?? 0

        for (index, row) in rows.enumerated() {
            switch row {
            case .heading(let text):
                // Price columns for this section: widest price (or header label) per column, right-aligned.
                var widths: [Double] = []
                for later in rows[(index + 1)...] {
                    if case .heading = later { break }
                    let texts: [String]
                    switch later {
                    case .entry(let e): texts = e.prices
                    case .columnHeader(let labels): texts = labels
                    default: texts = []
                    }
                    let font = { if case .columnHeader = later { return self.headerFont } else { return self.style.body } }()
                    for (i, t) in texts.enumerated() {
                        let w = engine.width(t, font: font)
                        if widths.count <= i { widths.append(w) } else { widths[i] = max(widths[i], w) }
                    }
                }
                priceRights = []
                var edge = columnWidth
                for w in widths.reversed() {
                    priceRights.insert(edge, at: 0)
                    edge -= w + priceGap
                }
                if priceRights.isEmpty { priceRights = [columnWidth] }
                let extent = engine.measure(text, font: style.heading)
                let x = style.headingCentered ? (columnWidth - extent.width) / 2 : 0
                pending.append(Line(pieces: [PlacedText(text: text, font: style.heading, x: x, baseline: 0)], text: text,
                                    pitch: style.heading.sizePt * millimetresPerPoint * 1.35, spaceBefore: bodyPitch * 1.1))
            case .columnHeader(let labels):
                var placed: [PlacedText] = []
                let rights = Array(priceRights.suffix(labels.count))
                for (label, rightEdge) in zip(labels, rights) {
                    placed.append(PlacedText(text: label, font: headerFont, x: rightEdge - engine.width(label, font: headerFont), baseline: 0))
                }
                pending.append(Line(pieces: placed, text: labels.joined(separator: " "), pitch: headerFont.sizePt * millimetresPerPoint * 1.3))
            case .entry(let draft):
                var block = Block(lines: pending, entry: draft.truth, entryFirstLine: pending.count)
                block.lines += entryLines(draft, columnWidth: columnWidth, priceRights: Array(priceRights.suffix(draft.prices.count)),
                                          binWidth: binWidth)
                pending = []
                blocks.append(block)
            }
        }
        return blocks
    }

    private var headerFont: FontSpec { style.body.with(size: style.body.sizePt * 0.85, italic: true) }

    private func entryLines(_ draft: EntryDraft, columnWidth: Double, priceRights: [Double], binWidth: Double) -> [Line] {
        let font = style.body
        // Price runs, right-aligned on their columns.
        var priceRuns: [PlacedText] = []
        for (text, rightEdge) in zip(draft.prices, priceRights) {
            priceRuns.append(PlacedText(text: text, font: font, x: rightEdge - engine.width(text, font: font), baseline: 0))
        }
        let priceLeft = priceRuns.map(\.x).min() ?? columnWidth
        let nameX = binWidth
        let indent = 3.5
        let minGap = style.leaders == .none ? 3.0 : 6.0
        // Greedy word wrap; continuation lines are indented, and the prices sit on the last line.
        var wrapped: [String] = []
        var current = ""
        for word in draft.name.split(separator: " ").map(String.init) {
            let candidate = current.isEmpty ? word : current + " " + word
            let available = priceLeft - minGap - nameX - (wrapped.isEmpty ? 0 : indent)
            if current.isEmpty || engine.width(candidate, font: font) <= available {
                current = candidate
            } else {
                wrapped.append(current)
                current = word
            }
        }
        wrapped.append(current)
        var lines: [Line] = []
        for (i, text) in wrapped.enumerated() {
            let x = nameX + (i == 0 ? 0 : indent)
            var runs = [PlacedText(text: text, font: font, x: x, baseline: 0)]
            var words = [text]
            if i == 0, let bin = draft.bin {
                runs.insert(PlacedText(text: bin, font: font, x: 0, baseline: 0), at: 0)
                words.insert(bin, at: 0)
            }
            if i == wrapped.count - 1 {
                let nameEnd = x + engine.width(text, font: font)
                if let leader = leader(from: nameEnd + 1.5, to: priceLeft - 1.5) {
                    runs.append(leader)
                    words.append(leader.text)
                }
                runs += priceRuns
                words += draft.prices
            }
            lines.append(Line(pieces: runs, text: words.joined(separator: " "), pitch: bodyPitch,
                              spaceBefore: i == 0 ? bodyPitch * style.entryGap : 0))
        }
        if let detail = draft.detail {
            let detailFont = style.detail
            lines.append(Line(pieces: [PlacedText(text: detail, font: detailFont, x: nameX + (style.detail.italic ? 0 : indent), baseline: 0)],
                              text: detail, pitch: detailFont.sizePt * millimetresPerPoint * style.leading * 0.95))
        }
        return lines
    }

    /// A run of leader dots filling the space, right-aligned against the prices.
    private func leader(from start: Double, to end: Double) -> PlacedText? {
        guard style.leaders != .none, end > start else { return nil }
        let unit = style.leaders == .dots ? "." : ". "
        let unitWidth = engine.width(unit + unit, font: style.body) / 2
        guard unitWidth > 0 else { return nil }
        let count = Int((end - start) / unitWidth)
        guard count >= 3 else { return nil }
        let text = String(repeating: unit, count: count).trimmingCharacters(in: [" "])
        return PlacedText(text: text, font: style.body, x: end - engine.width(text, font: style.body), baseline: 0)
    }
}

extension String {
    func trimmingCharacters(in set: Set<Character>) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s = s.dropFirst() }
        while let l = s.last, set.contains(l) { s = s.dropLast() }
        return String(s)
    }
}
