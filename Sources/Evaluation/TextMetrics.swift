import Entries
/// Character and word error rates of recognized text against ground truth, with dinglehopper's
/// definitions (see `ComparableText`), plus the order-free word-bag F1.
public struct TextMetrics: Sendable, Equatable, Codable {
    /// Character errors / ground-truth grapheme clusters; can exceed 1; infinite when the truth is
    /// empty and the recognized text is not (as dinglehopper reports it).
    public var cer: Double
    /// Word errors / ground-truth words, with the same conventions as `cer`.
    public var wer: Double
    public var wordBagF1: Double
    public var nCharacters: Int
    public var nWords: Int
    public var characterErrors: Int
    public var wordErrors: Int
    public var wordBag: WordBagCounts
    /// The CER with dot leaders and separator rules folded away on both sides
    /// (`ComparableText.withoutLeaders`): the character error rate a user judges a reading by, as
    /// Decant erases leaders on purpose. `cer` stays dinglehopper's, on the texts as they are.
    public var cerFolded: Double
    public var foldedCharacterErrors: Int
    public var nFoldedCharacters: Int

    /// `foldedCharacterErrors`, `nFoldedCharacters`: nil when the texts hold no leaders (the raw counts).
    public init(characterErrors: Int, nCharacters: Int, wordErrors: Int, nWords: Int, wordBag: WordBagCounts,
                foldedCharacterErrors: Int? = nil, nFoldedCharacters: Int? = nil) {
        self.characterErrors = characterErrors
        self.nCharacters = nCharacters
        self.foldedCharacterErrors = foldedCharacterErrors ?? characterErrors
        self.nFoldedCharacters = nFoldedCharacters ?? nCharacters
        self.cerFolded = Self.rate(self.foldedCharacterErrors, self.nFoldedCharacters)
        self.wordErrors = wordErrors
        self.nWords = nWords
        self.wordBag = wordBag
        self.cer = Self.rate(characterErrors, nCharacters)
        self.wer = Self.rate(wordErrors, nWords)
        self.wordBagF1 = wordBag.f1
    }

    /// Both texts as contents of plain-text files (ground-truth lines joined with "\n").
    public static func compare(truth: String, recognized: String) -> TextMetrics {
        let gt = ComparableText(plain: truth).text, ocr = ComparableText(plain: recognized).text
        let gtGraphemes = Array(gt), ocrGraphemes = Array(ocr)
        let gtWords = ComparableText.words(gt), ocrWords = ComparableText.words(ocr)
        let characterErrors = Levenshtein.distance(gtGraphemes, ocrGraphemes)
        let foldedGT = Array(ComparableText.withoutLeaders(gt)), foldedOCR = Array(ComparableText.withoutLeaders(ocr))
        let unchanged = foldedGT.count == gtGraphemes.count && foldedOCR.count == ocrGraphemes.count
        return TextMetrics(
            characterErrors: characterErrors, nCharacters: gtGraphemes.count,
            wordErrors: Levenshtein.distance(gtWords, ocrWords), nWords: gtWords.count,
            wordBag: WordBag.counts(truth: WordBag.words(truth), recognized: WordBag.words(recognized)),
            foldedCharacterErrors: unchanged ? characterErrors : Levenshtein.distance(foldedGT, foldedOCR),
            nFoldedCharacters: foldedGT.count)
    }

    /// errors / n, with dinglehopper's conventions for an empty reference.
    public static func rate(_ errors: Int, _ n: Int) -> Double {
        if errors == 0 { return 0 }
        return n == 0 ? .infinity : Double(errors) / Double(n)
    }

    /// The normalized text dinglehopper compares (lines stripped and joined with "\n").
    public static func normalize(_ text: String) -> String { ComparableText(plain: text).text }

    /// UAX #29 words of the normalized text, punctuation-only tokens dropped.
    public static func words(_ text: String) -> [String] { ComparableText(plain: text).words }

    enum CodingKeys: String, CodingKey {
        case cer, wer, wordBagF1, nCharacters, nWords, characterErrors, wordErrors, wordBag, cerFolded, foldedCharacterErrors,
             nFoldedCharacters
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(characterErrors: try c.decode(Int.self, forKey: .characterErrors), nCharacters: try c.decode(Int.self, forKey: .nCharacters),
                  wordErrors: try c.decode(Int.self, forKey: .wordErrors), nWords: try c.decode(Int.self, forKey: .nWords),
                  wordBag: try c.decodeIfPresent(WordBagCounts.self, forKey: .wordBag) ?? WordBagCounts(),
                  foldedCharacterErrors: try c.decodeIfPresent(Int.self, forKey: .foldedCharacterErrors),
                  nFoldedCharacters: try c.decodeIfPresent(Int.self, forKey: .nFoldedCharacters))
    }

    /// Rates are written as null when undefined (empty truth, non-empty text): JSON has no infinity.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(cer.isFinite ? cer : nil, forKey: .cer)
        try c.encode(wer.isFinite ? wer : nil, forKey: .wer)
        try c.encode(wordBagF1, forKey: .wordBagF1)
        try c.encode(nCharacters, forKey: .nCharacters)
        try c.encode(nWords, forKey: .nWords)
        try c.encode(characterErrors, forKey: .characterErrors)
        try c.encode(wordErrors, forKey: .wordErrors)
        try c.encode(wordBag, forKey: .wordBag)
        try c.encode(cerFolded.isFinite ? cerFolded : nil, forKey: .cerFolded)
        try c.encode(foldedCharacterErrors, forKey: .foldedCharacterErrors)
        try c.encode(nFoldedCharacters, forKey: .nFoldedCharacters)
    }
}
