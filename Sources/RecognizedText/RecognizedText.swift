import Imaging

/// One word as Tesseract read it. Confidence is Tesseract's 0…100.
public struct RecognizedWord: Sendable, Equatable, Codable {
    public var text: String
    public var box: PixelRect
    public var confidence: Double

    public init(text: String, box: PixelRect, confidence: Double) {
        self.text = text
        self.box = box
        self.confidence = confidence
    }
}

/// A text line with its words, in Tesseract's reading order. `block` and `paragraph` number the
/// layout regions Tesseract found, which later stages use as a hint for columns.
public struct RecognizedLine: Sendable, Equatable, Codable {
    public var text: String
    public var box: PixelRect
    public var confidence: Double
    public var words: [RecognizedWord]
    public var block: Int
    public var paragraph: Int

    public init(text: String, box: PixelRect, confidence: Double, words: [RecognizedWord], block: Int = 0, paragraph: Int = 0) {
        self.text = text
        self.box = box
        self.confidence = confidence
        self.words = words
        self.block = block
        self.paragraph = paragraph
    }

    /// Builds a line from words, joining them with single spaces and taking the union of boxes.
    public init(words: [RecognizedWord], block: Int = 0, paragraph: Int = 0) {
        precondition(!words.isEmpty)
        self.words = words
        self.text = words.map(\.text).joined(separator: " ")
        self.box = words.dropFirst().reduce(words[0].box) { $0.union($1.box) }
        self.confidence = words.map(\.confidence).reduce(0, +) / Double(words.count)
        self.block = block
        self.paragraph = paragraph
    }
}

/// Everything Tesseract read from one page image.
public struct RecognizedPage: Sendable, Equatable, Codable {
    public var width: Int
    public var height: Int
    public var lines: [RecognizedLine]

    public init(width: Int, height: Int, lines: [RecognizedLine]) {
        self.width = width
        self.height = height
        self.lines = lines
    }

    /// Word-weighted mean confidence (0…100); nil when nothing was read.
    public var meanConfidence: Double? {
        let words = lines.flatMap(\.words)
        guard !words.isEmpty else { return nil }
        return words.map(\.confidence).reduce(0, +) / Double(words.count)
    }

    /// The page's text in reading order, one line per line (the OCRmyPDF-sidecar-like `.txt`).
    public var text: String { lines.map(\.text).joined(separator: "\n") }
}
