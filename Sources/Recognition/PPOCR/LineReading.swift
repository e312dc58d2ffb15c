import Imaging
import RecognizedText

/// What the recognizer read from one line crop: characters with their time steps, and the crop,
/// so words can be split at glyph gaps and boxed in page pixels.
public struct LineReading: Sendable {
    public var characters: [CTCCharacter]
    var crop: LineCrop
    /// Crop columns per recognizer time step.
    var stepWidth: Double

    /// PaddleOCR's line score: the mean probability of the characters read (0 when none).
    public var confidence: Double {
        characters.isEmpty ? 0 : characters.map(\.probability).reduce(0, +) / Double(characters.count)
    }

    /// Summed character probability: a line read upside down loses characters as well as certainty.
    var probabilitySum: Double { characters.map(\.probability).reduce(0, +) }

    public var text: String { characters.map(\.text).joined() }

    /// The line as words with page boxes and 0…100 confidences; nil when it holds no word.
    func line(splitWords: Bool, gapRatio: Double, adaptiveGaps: Bool = false) -> RecognizedLine? {
        let ink = InkProfile(gray: crop.raster.grayscale())
        let groups = WordSplitter.split(characters, stepWidth: stepWidth, ink: splitWords ? ink : nil, gapRatio: gapRatio,
                                        adaptive: adaptiveGaps)
        let contentWidth = Double(crop.raster.width)
        var words: [RecognizedWord] = []
        for group in groups {
            guard let first = group.first, let last = group.last else { continue }
            var x0 = Double(first.firstStep) * stepWidth, x1 = Double(last.lastStep + 1) * stepWidth
            // Trim to the glyphs (a step is wider than the gap beside a word), across and up and
            // down: the box is the word's ink, as any reader's word box is, so the layout built on
            // boxes (rows, gaps, indents, line heights) sees the same page whichever reader read it.
            var rows: ClosedRange<Int>?
            if let ink, let extent = ink.inkExtent(from: x0 - stepWidth / 2, to: x1 + stepWidth / 2) {
                x0 = Double(extent.0)
                x1 = Double(extent.1)
                rows = ink.inkRows(from: extent.0, to: extent.1)
            }
            x0 = min(max(x0, 0), contentWidth)
            x1 = min(max(x1, x0 + 1), contentWidth)
            let text = group.map(\.text).joined()
            let confidence = 100 * group.map(\.probability).reduce(0, +) / Double(group.count)
            let box = rows.map { crop.pageRect(columns: x0, x1, rows: Double($0.lowerBound), Double($0.upperBound + 1)) }
                ?? crop.pageRect(columns: x0, x1)
            words.append(RecognizedWord(text: text, box: box, confidence: confidence))
        }
        guard !words.isEmpty else { return nil }
        return RecognizedLine(words: words)
    }
}
