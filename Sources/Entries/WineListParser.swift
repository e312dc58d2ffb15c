import Foundation
import Imaging
import Recognition

/// Turns a page's recognized lines into wine entries. Entries are runs of lines that end with a
/// price; a large vertical gap or a heading ends a run; runs without price or vintage are not wines.
public struct WineListParser: Sendable {
    public var fields: FieldParser

    public init(fields: FieldParser = FieldParser()) {
        self.fields = fields
    }

    public func parse(_ page: RecognizedPage) -> [WineEntry] {
        parse(lines: LineAssembler.assemble(page.lines))
    }

    /// Parses lines already in reading order with prices on their rows (see `LineAssembler`).
    public func parse(lines: [RecognizedLine]) -> [WineEntry] {
        let heights = lines.map(\.box.height).sorted()
        let lineHeight = Double(heights.isEmpty ? 20 : heights[heights.count / 2])
        var entries: [WineEntry] = []
        var pending: [Int] = []
        var section: String?
        var colour: String?
        var columns: [PriceColumn] = []

        func flush() {
            defer { pending.removeAll() }
            guard !pending.isEmpty else { return }
            let group = pending.map { lines[$0] }
            let text = group.map(\.text).joined(separator: " ")
            let parsed = fields.parse(text, columns: columns)
            guard !parsed.prices.isEmpty || parsed.vintage != nil else { return }
            guard parsed.name.contains(where: \.isLetter), !SectionVocabulary.isFurniture(name: parsed.name) else { return }
            let words = group.flatMap(\.words)
            let confidence = words.isEmpty ? 0 : words.map(\.confidence).reduce(0, +) / Double(words.count)
            entries.append(WineEntry(
                firstLine: pending.first!, lastLine: pending.last!,
                rawText: group.map(\.text).joined(separator: "\n"),
                box: group.dropFirst().reduce(group[0].box) { $0.union($1.box) },
                section: section, colour: colour, bin: parsed.bin, name: parsed.name, vintage: parsed.vintage,
                prices: parsed.prices, currency: parsed.currency, bottleSizeML: parsed.bottleSizeML,
                ocrConfidence: confidence))
        }

        for (index, line) in lines.enumerated() {
            let text = line.text.trimmingCharacters(in: .whitespaces)
            if let header = SectionVocabulary.priceColumns(text) {
                flush()
                columns = header
                continue
            }
            if SectionVocabulary.isHeading(text) {
                flush()
                section = text
                colour = SectionVocabulary.colour(for: text) ?? colour
                if SectionVocabulary.colour(for: text) == nil && !text.lowercased().contains("glass") { colour = nil }
                continue
            }
            if let previous = pending.last {
                let gap = Double(line.box.y - lines[previous].box.maxY)
                if gap > 0.9 * lineHeight || line.block != lines[previous].block { flush() }
            }
            pending.append(index)
            if !fields.parse(text, columns: columns).prices.isEmpty { flush() }
        }
        flush()
        return entries
    }
}
