import Imaging
import Recognition
import RecognizedText

/// Reads again the ink that Tesseract's page layout left out.
///
/// On a clean, flat wine list Tesseract's sparse layout drops about one price in five: a short
/// number alone at the right margin ("60", "90") gets no text block at all, although the same
/// digits cropped on their own read at 96% confidence. The page's ink components are known from
/// the leader eraser; those that no recognized word covers are grouped into word-sized runs on one
/// line, and each run is read as a single line and added to the page. Runs stacked in one column
/// (a price column the layout dropped) are also read together, as one block (`columns`), and each
/// run keeps the likelier of its two readings (`likelier`).
public enum MissedText {
    /// More regions than this means a noisy page (texture, a table top), not dropped words:
    /// reading them all would cost more than the page and add garbage.
    static let maximumRegions = 60

    /// Word-sized runs of ink components on one line that no recognized word overlaps. Plain
    /// values in and out, so the grouping can be tested without Tesseract.
    static func regions(components: [PixelRect], words: [PixelRect], width: Int, height: Int) -> [PixelRect] {
        guard words.count >= 5 else { return [] }
        let textHeight = medianHeight(words)
        let glyphs = components.filter { c in
            Double(c.height) >= 0.45 * textHeight && Double(c.height) <= 1.6 * textHeight
                && Double(c.width) <= 2.5 * textHeight && Double(c.width) >= 0.12 * textHeight
        }
        let pad = Int((0.15 * textHeight).rounded())
        let covered = words.map { PixelRect(x: $0.x - pad, y: $0.y - pad, width: $0.width + 2 * pad, height: $0.height + 2 * pad) }
        let loose = glyphs.filter { g in !covered.contains { $0.intersects(g) } }.sorted { $0.x < $1.x }

        // Runs: glyphs on one line no further apart than a word's letters.
        var runs: [PixelRect] = []
        var members: [Int] = []
        for glyph in loose {
            if let i = runs.indices.last(where: { runs[$0].verticalOverlap(with: glyph) >= 0.5
                                                    && Double(glyph.x - runs[$0].maxX) <= 0.6 * textHeight }) {
                runs[i] = runs[i].union(glyph)
                members[i] += 1
            } else {
                runs.append(glyph)
                members.append(1)
            }
        }
        // A lone narrow glyph is more often a speck or a stray mark than a dropped word.
        let margin = Int((0.4 * textHeight).rounded())
        return zip(runs, members).filter { run, count in count >= 2 || Double(run.width) >= 0.4 * textHeight }
            .map { run, _ in run.padded(x: margin, y: margin, within: width, height) }
    }

    /// Regions stacked in one column: indices into `regions`, grouped by horizontal overlap (at least
    /// half the narrower region's width), in reading order; a column needs `minimumColumn` regions.
    /// Tesseract reads a short number cropped on its own poorly and among its column's neighbours
    /// well: on winelist-0206 the cell crops read "$46" as nothing and "$96" as "go" at confidence
    /// 27, the column's strip read both, as the page's sparse layout had read neither.
    static func columns(_ regions: [PixelRect], minimumColumn: Int = 3) -> [[Int]] {
        var groups: [[Int]] = []
        var spans: [(x: Int, maxX: Int)] = []
        for i in regions.indices.sorted(by: { regions[$0].midX < regions[$1].midX }) {
            let r = regions[i]
            if let g = spans.indices.first(where: { g in
                let overlap = min(spans[g].maxX, r.maxX) - max(spans[g].x, r.x)
                return Double(overlap) >= 0.5 * Double(min(spans[g].maxX - spans[g].x, r.width))
            }) {
                groups[g].append(i)
                spans[g] = (min(spans[g].x, r.x), max(spans[g].maxX, r.maxX))
            } else {
                groups.append([i])
                spans.append((r.x, r.maxX))
            }
        }
        return groups.filter { $0.count >= minimumColumn }.map { $0.sorted { regions[$0].y < regions[$1].y } }
    }

    /// Adds what the regions read to `page`; returns how many words were added.
    public static func recover(_ page: inout RecognizedPage, raster: Raster, components: [PixelRect], ppi: Int?,
                        engine: any TextRecognizer, minimumConfidence: Double = 60) -> Int {
        // Every word Tesseract returned covers its ink, however unsure: reading it again would only
        // duplicate it.
        let words = page.lines.flatMap(\.words).map(\.box)
        let found = regions(components: components, words: words, width: raster.width, height: raster.height)
        guard !found.isEmpty, found.count <= maximumRegions else { return 0 }
        var readings = [[RecognizedWord]](repeating: [], count: found.count)
        let stacks = columns(found)
        // A column's strip, from its first region to its last, read as one block; each word it reads
        // goes to the region that holds its middle, and words elsewhere in the strip (already read
        // by the page) are left alone.
        for column in stacks {
            let strip = column.dropFirst().reduce(found[column[0]]) { $0.union(found[$1]) }
            guard let read = try? engine.recognize(raster.cropped(to: strip), ppi: ppi, segmentation: .singleBlock) else { continue }
            for word in read.lines.flatMap(\.words) where word.confidence >= minimumConfidence && !word.text.isEmpty {
                let box = word.box.offsetBy(x: strip.x, y: strip.y)
                guard let i = column.first(where: { holds(found[$0], box) }) else { continue }
                readings[i].append(RecognizedWord(text: word.text, box: box, confidence: word.confidence))
            }
        }
        // Every region also alone, as a single line; of the two readings the likelier wins.
        for (i, region) in found.enumerated() {
            guard let read = try? engine.recognize(raster.cropped(to: region), ppi: ppi, segmentation: .singleLine) else { continue }
            let alone = read.lines.flatMap(\.words).filter { $0.confidence >= minimumConfidence && !$0.text.isEmpty }
                .map { RecognizedWord(text: $0.text, box: $0.box.offsetBy(x: region.x, y: region.y), confidence: $0.confidence) }
            readings[i] = likelier(readings[i], alone)
        }
        readings = withoutMisreadPrices(readings, columns: stacks)
        // A capital the layout split from the rest of its word ("M" + "ontepulciano") goes back
        // in front of it, read again with it as one line.
        let textHeight = medianHeight(words)
        for (i, region) in found.enumerated() where !readings[i].isEmpty {
            guard let (l, w) = wordAfter(region, in: page.lines, textHeight: textHeight) else { continue }
            let word = page.lines[l].words[w]
            let both = region.union(word.box)
            let again = (try? engine.recognize(raster.cropped(to: both), ppi: ppi, segmentation: .singleLine))?
                .lines.flatMap(\.words).map(\.text).joined() ?? ""
            guard let joined = joinedWordStart(readAgain: again, alone: readings[i].map(\.text).joined(), word: word.text) else { continue }
            page.lines[l].words[w] = RecognizedWord(text: joined, box: both, confidence: min(word.confidence, readings[i].map(\.confidence).min() ?? 0))
            page.lines[l].text = page.lines[l].words.map(\.text).joined(separator: " ")
            page.lines[l].box = page.lines[l].box.union(both)
            readings[i] = []
        }
        var added = 0
        var block = (page.lines.map(\.block).max() ?? 0) + 1
        for kept in readings where !kept.isEmpty {
            let box = kept.dropFirst().reduce(kept[0].box) { $0.union($1.box) }
            let confidence = kept.map(\.confidence).reduce(0, +) / Double(kept.count)
            page.lines.append(RecognizedLine(text: kept.map(\.text).joined(separator: " "), box: box,
                                             confidence: confidence, words: kept, block: block, paragraph: 0))
            block += 1
            added += kept.count
        }
        return added
    }

    static func medianHeight(_ boxes: [PixelRect]) -> Double {
        let heights = boxes.map(\.height).sorted()
        return heights.isEmpty ? 0 : Double(heights[heights.count / 2])
    }

    /// The recognized word that starts right after `region` on its line: the region's ink ends within
    /// a letter's gap of the word's left edge, at the word's height. Regions carry a margin of 0.4
    /// text heights on each side, so the word starts between 0.1 and 1 text height before the
    /// region's right edge ends.
    static func wordAfter(_ region: PixelRect, in lines: [RecognizedLine], textHeight: Double) -> (line: Int, word: Int)? {
        guard textHeight > 0, Double(region.height) <= 2.6 * textHeight else { return nil }
        for (l, line) in lines.enumerated() {
            for (w, word) in line.words.enumerated() where region.verticalOverlap(with: word.box) >= 0.5 {
                let reach = Double(region.maxX - word.box.x)
                if reach >= 0.1 * textHeight && reach <= 1.0 * textHeight && region.x < word.box.x { return (l, w) }
            }
        }
        return nil
    }

    /// The word with the start the layout split off, or nil when the readings do not say so. The
    /// start is one or two letters (a capital read alone, sometimes with a mark after it: "M."); the
    /// word read again together with it must end with the word as first read and begin with those
    /// letters; else, when the reading again says nothing, a single capital before a word starting in
    /// lower case is that word's capital.
    static func joinedWordStart(readAgain: String, alone: String, word: String) -> String? {
        guard let start = wordStart(alone.filter { !$0.isWhitespace }), !word.isEmpty else { return nil }
        if readAgain.count > word.count, readAgain.hasSuffix(word), let again = wordStart(String(readAgain.dropLast(word.count))) {
            return again + word
        }
        if readAgain.isEmpty, start.count == 1, start.first!.isUppercase, word.first!.isLowercase {
            return start + word
        }
        return nil
    }

    /// One or two letters, with at most one mark a serif or a speck reads as ("M.", "M'"); the letters.
    static func wordStart(_ text: String) -> String? {
        let letters = text.filter(\.isLetter)
        guard (1...2).contains(letters.count), text.count - letters.count <= 1,
              text.allSatisfy({ $0.isLetter || ".,'’`".contains($0) }) else { return nil }
        return letters
    }

    /// Of two readings of one region, the one that reads as a number (digits, no letters: what the
    /// layout drops is nearly always a price), then the one with more digits (blurred print loses
    /// digits, "60" read "6", far more often than it gains them), then the surer one. On
    /// winelist-0105's bold, blurred price columns the two disagree on about one region in five:
    /// the strip read "6", "ot", "SS" where the crop read 60, 64, 88; the crop "OR" and nothing
    /// where the strip read 98, 46.
    static func likelier(_ a: [RecognizedWord], _ b: [RecognizedWord]) -> [RecognizedWord] {
        func rank(_ words: [RecognizedWord]) -> (Int, Int, Double) {
            guard !words.isEmpty else { return (-1, 0, 0) }
            let digits = words.map { $0.text.filter(\.isNumber).count }.reduce(0, +)
            return (isNumeric(words) ? 1 : 0, digits, words.map(\.confidence).reduce(0, +) / Double(words.count))
        }
        return rank(b) > rank(a) ? b : a
    }

    /// In a column read mostly as numbers (a price column), a reading with no digit is a misread
    /// price ("M", "%", "at" for a blurred bold 54 on winelist-0105), not a word the layout
    /// dropped: it would only end up in the wine's name.
    static func withoutMisreadPrices(_ readings: [[RecognizedWord]], columns: [[Int]]) -> [[RecognizedWord]] {
        var readings = readings
        for column in columns {
            let read = column.filter { !readings[$0].isEmpty }
            let numeric = read.filter { isNumeric(readings[$0]) }.count
            guard 3 * numeric >= 2 * read.count else { continue }
            for i in column where !readings[i].contains(where: { $0.text.contains(where: \.isNumber) }) { readings[i] = [] }
        }
        return readings
    }

    /// Digits and no letters ("$46", "14 / 56").
    static func isNumeric(_ words: [RecognizedWord]) -> Bool {
        isNumeric(words.map(\.text).joined(separator: " "))
    }

    /// A digit and no letter.
    static func isNumeric(_ text: String) -> Bool {
        text.contains(where: \.isNumber) && !text.contains(where: \.isLetter)
    }

    /// Whether `box`'s middle lies in `region`.
    static func holds(_ region: PixelRect, _ box: PixelRect) -> Bool {
        box.midX >= Double(region.x) && box.midX < Double(region.maxX) && box.midY >= Double(region.y) && box.midY < Double(region.maxY)
    }
}
