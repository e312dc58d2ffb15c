/// Which of the recognizer's characters a reading may use. The shipped PP-OCRv6 recognizer knows
/// 18,708 characters, most of them CJK; on a page printed in a Latin script every one of those can
/// only be a misreading, so by default they are masked out when a line is decoded.
public enum Alphabet: String, Sendable, CaseIterable, Codable {
    /// Every character the model was trained on.
    case full
    /// Latin-script letters, digits, punctuation, currency and letter-like signs, and the space.
    case latin

    /// The code point ranges `latin` keeps: Basic Latin, Latin-1 and Latin Extended-A/B, general
    /// punctuation, currency symbols and letter-like symbols (№, ℮, ™).
    static let latinRanges: [ClosedRange<UInt32>] = [0x20...0x7E, 0xA0...0x24F, 0x2010...0x205F, 0x20A0...0x20CF, 0x2100...0x214F]

    /// Whether every scalar of `character` is in the alphabet.
    public func admits(_ character: String) -> Bool {
        switch self {
        case .full: true
        case .latin: character.unicodeScalars.allSatisfy { scalar in Self.latinRanges.contains { $0.contains(scalar.value) } }
        }
    }

    /// One flag per recognizer class (the blank first, then the dictionary's characters): 1 where a
    /// reading may use it. The blank is always allowed.
    public func classMask(_ dictionary: CharacterDictionary) -> [UInt8] {
        [1] + dictionary.characters.map { admits($0) ? 1 : 0 }
    }
}
