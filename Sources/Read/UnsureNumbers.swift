import Imaging
import Recognition
import RecognizedText

/// Reads again, each on its own, the numbers a page's reading was unsure of.
///
/// Within a page Tesseract reads a short number with its neighbours as context, and a price at the
/// end of a long line is where that context misleads it: on winelist-0202 a "$750" read "$70" at
/// confidence 58, where the same word cropped alone reads "$750" at 93; on winelist-0105 a blurred
/// "202" read "22" at 68 and, enlarged twice, "202" at 91. So every number the page read at under
/// `unsure` confidence is cropped with a margin (other words in the crop painted out), read as a
/// single line at the page's scale and at twice it, and a reading of one number that is sure
/// (`sure` or more, and `gain` above the page's) replaces it. Middling re-readings are left alone:
/// on the Corpus's lists they disagree with the page in the wrong direction about as often as in
/// the right one (a vintage "'18" read "'118", a price "124" read "14").
public enum UnsureNumbers {
    /// Words read at or above this confidence are not read again.
    static let unsure = 75.0
    /// A re-reading replaces the page's word only at this confidence or more …
    static let sure = 85.0
    /// … and this much above the page's own confidence for the word.
    static let gain = 20.0
    /// More unsure numbers than this means a page the reading mostly failed on (heavy blur):
    /// reading each again would cost more than the page and find nothing sure.
    static let maximumWords = 40

    /// A digit and no letter: "$70", "#412", "16/64", "1%", "’18". Letters mean a word, or a
    /// number run into one ("2024G"), whose crop would hold the word too.
    static func isNumber(_ text: String) -> Bool {
        text.count <= 8 && MissedText.isNumeric(text)
    }

    /// The numbers to read again, as (line, word) indices in reading order.
    static func candidates(_ page: RecognizedPage) -> [(line: Int, word: Int)] {
        page.lines.indices.flatMap { l in
            page.lines[l].words.indices.compactMap { w -> (line: Int, word: Int)? in
                let word = page.lines[l].words[w]
                return word.confidence < unsure && isNumber(word.text) ? (l, w) : nil
            }
        }
    }

    /// The word's box grown by half its height above and below and its height to either side, in
    /// the page: room for a digit the page's box left out ("$70" for "$750" is the box of what
    /// was read).
    static func region(of box: PixelRect, width: Int, height: Int) -> PixelRect {
        box.padded(x: box.height, y: box.height / 2, within: width, height)
    }

    /// The region cut out of the page with every other word's box painted white, so that a
    /// neighbour's letters do not join the number's reading.
    static func crop(_ raster: Raster, region: PixelRect, keeping box: PixelRect, others: [PixelRect]) -> Raster {
        var crop = raster.cropped(to: region)
        let channels = crop.channels
        for other in others where other.intersects(region) && other != box {
            let x0 = max(other.x, region.x) - region.x, x1 = min(other.maxX, region.maxX) - region.x
            let y0 = max(other.y, region.y) - region.y, y1 = min(other.maxY, region.maxY) - region.y
            guard x1 > x0, y1 > y0 else { continue }
            for y in y0..<y1 {
                let row = y * crop.width * channels
                for i in (row + x0 * channels)..<(row + x1 * channels) { crop.pixels[i] = 255 }
            }
        }
        return crop
    }

    /// Of the re-readings, the surest that reads as a single number, if sure enough to replace the
    /// page's word.
    static func replacement(for word: RecognizedWord, readings: [[RecognizedWord]]) -> RecognizedWord? {
        let single = readings.compactMap { words -> RecognizedWord? in
            words.count == 1 && isNumber(words[0].text) ? words[0] : nil
        }
        guard let best = single.max(by: { $0.confidence < $1.confidence }),
              best.confidence >= sure, best.confidence >= word.confidence + gain,
              best.text != word.text, keepsSigns(of: word.text, in: best.text) else { return nil }
        return best
    }

    /// Whether `reading` keeps every character of `original` that is not a digit. A re-reading
    /// is trusted with the digits, which the page's context garbles, not with the signs around
    /// them: alone, the smoke list's "'19" read "19" at 90, which is no longer a vintage.
    static func keepsSigns(of original: String, in reading: String) -> Bool {
        var signs: [Character: Int] = [:]
        for c in reading where !c.isNumber { signs[c, default: 0] += 1 }
        for c in original where !c.isNumber {
            guard let n = signs[c], n > 0 else { return false }
            signs[c] = n - 1
        }
        return true
    }

    /// `word` cropped alone (its neighbours painted out) and read as one line by `engine`, at the
    /// page's scale and at twice it: the words of each reading (none for a reading that failed).
    static func readAlone(_ word: RecognizedWord, raster: Raster, ppi: Int?, others: [PixelRect],
                          engine: any TextRecognizer) -> [[RecognizedWord]] {
        let area = region(of: word.box, width: raster.width, height: raster.height)
        guard area.width > 0, area.height > 0 else { return [] }
        let crop = crop(raster, region: area, keeping: word.box, others: others)
        return [(crop, ppi), (crop.scaled(by: 2), ppi.map { 2 * $0 })].map { image, ppi in
            (try? engine.recognize(image, ppi: ppi, segmentation: .singleLine))?.lines.flatMap(\.words) ?? []
        }
    }

    /// Replaces the unsure numbers of `page` whose re-reading is sure; returns how many changed.
    public static func reread(_ page: inout RecognizedPage, raster: Raster, ppi: Int?, engine: any TextRecognizer) -> Int {
        let found = candidates(page)
        guard !found.isEmpty, found.count <= maximumWords else { return 0 }
        let boxes = page.lines.flatMap(\.words).map(\.box)
        var changed = 0
        for (l, w) in found {
            let word = page.lines[l].words[w]
            let readings = readAlone(word, raster: raster, ppi: ppi, others: boxes, engine: engine)
            guard let better = replacement(for: word, readings: readings) else { continue }
            var words = page.lines[l].words
            words[w].text = better.text
            words[w].confidence = better.confidence
            let line = page.lines[l]
            page.lines[l] = RecognizedLine(words: words, block: line.block, paragraph: line.paragraph)
            changed += 1
        }
        return changed
    }
}
