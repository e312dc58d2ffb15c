import Imaging
import Recognition

/// Reads again the ink that Tesseract's page layout left out.
///
/// On a clean, flat wine list Tesseract's sparse layout drops about one price in five: a short
/// number alone at the right margin ("60", "90") gets no text block at all, although the same
/// digits cropped on their own read at 96% confidence. The page's ink components are known from
/// the leader eraser; those that no recognized word covers are grouped into word-sized runs on one
/// line, and each run is read on its own as a single line and added to the page.
enum MissedText {
    /// More regions than this means a noisy page (texture, a table top), not dropped words:
    /// reading them all would cost more than the page and add garbage.
    static let maximumRegions = 60

    /// Word-sized runs of ink components on one line that no recognized word overlaps. Plain
    /// values in and out, so the grouping can be tested without Tesseract.
    static func regions(components: [PixelRect], words: [PixelRect], width: Int, height: Int) -> [PixelRect] {
        let heights = words.map(\.height).sorted()
        guard heights.count >= 5 else { return [] }
        let textHeight = Double(heights[heights.count / 2])
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
            .map { run, _ in
                let x = max(0, run.x - margin), y = max(0, run.y - margin)
                return PixelRect(x: x, y: y, width: min(width, run.maxX + margin) - x, height: min(height, run.maxY + margin) - y)
            }
    }

    /// Adds what the regions read to `page`; returns how many words were added.
    static func recover(_ page: inout RecognizedPage, raster: Raster, components: [PixelRect], ppi: Int?,
                        engine: TesseractEngine, minimumConfidence: Double = 60) -> Int {
        let words = page.lines.flatMap(\.words).filter { $0.confidence >= 50 }.map(\.box)
        let found = regions(components: components, words: words, width: raster.width, height: raster.height)
        guard !found.isEmpty, found.count <= maximumRegions else { return 0 }
        var added = 0
        var block = (page.lines.map(\.block).max() ?? 0) + 1
        for region in found {
            guard let read = try? engine.recognize(raster.cropped(to: region), ppi: ppi, segmentation: .singleLine) else { continue }
            for line in read.lines {
                let kept = line.words.filter { $0.confidence >= minimumConfidence && !$0.text.isEmpty }
                    .map { RecognizedWord(text: $0.text, box: $0.box.offsetBy(x: region.x, y: region.y), confidence: $0.confidence) }
                guard !kept.isEmpty else { continue }
                let box = kept.dropFirst().reduce(kept[0].box) { $0.union($1.box) }
                let confidence = kept.map(\.confidence).reduce(0, +) / Double(kept.count)
                page.lines.append(RecognizedLine(text: kept.map(\.text).joined(separator: " "), box: box,
                                                 confidence: confidence, words: kept, block: block, paragraph: 0))
                block += 1
                added += kept.count
            }
        }
        return added
    }
}
