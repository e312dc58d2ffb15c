import Foundation

extension ComparableText {
    /// docs/corpus.md "Comparing text": dot leaders and separator rules dropped and diacritics folded,
    /// on both sides of a comparison, because they measure Tesseract's English model (which has no
    /// "ô" and reads dense leaders as letters), not the flattening or the grouping under test.
    public static func withoutLeadersAndAccents(_ text: String) -> String {
        withoutLeaders(text.folding(options: .diacriticInsensitive, locale: Locale(identifier: "en_US_POSIX")))
    }

    /// Characters a dot leader or a separator rule is printed with.
    static let ruleCharacters: Set<Unicode.Scalar> = [".", "·", "…", "-", "=", "*", "_"]

    /// The text with dot leaders and separator rules folded away: every space-separated token made
    /// only of rule characters dropped, and lines left empty by that dropped. The CER compares text
    /// folded so on both sides (`TextMetrics.cerFolded`), because Decant erases leaders on purpose
    /// (they are not content) while a page's truth keeps them: ". . . . ." printed 40 times is 80
    /// characters a flawless reading would otherwise be charged for. Dots inside words ("Dom.",
    /// "1.5L", "3.14") are content and stay; the WER needs no folding, as its words never hold
    /// punctuation-only tokens. Tokens are split at U+0020 scalars, not characters, as the
    /// dinglehopper cross-check splits them (a space before a combining mark is one character).
    public static func withoutLeaders(_ text: String) -> String {
        text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).compactMap { line -> String? in
            let tokens = line.split(separator: " ")
            let kept = tokens.filter { !$0.allSatisfy(ruleCharacters.contains) }
            if kept.count == tokens.count { return String(String.UnicodeScalarView(line)) }
            return kept.isEmpty ? nil : kept.map { String(String.UnicodeScalarView($0)) }.joined(separator: " ")
        }.joined(separator: "\n")
    }
}
