import Foundation

extension ComparableText {
    /// docs/corpus.md "Comparing text": dot leaders and separator rules dropped and diacritics folded,
    /// on both sides of a comparison, because they measure Tesseract's English model (which has no
    /// "ô" and reads dense leaders as letters), not the flattening or the grouping under test.
    public static func withoutLeadersAndAccents(_ text: String) -> String {
        let rule: Set<Character> = [".", "·", "…", "-", "=", "*", "_"]
        let folded = text.folding(options: .diacriticInsensitive, locale: Locale(identifier: "en_US_POSIX"))
        return folded.split(separator: "\n").compactMap { line -> String? in
            let kept = line.split(separator: " ").filter { !$0.allSatisfy(rule.contains) }
            return kept.isEmpty ? nil : kept.joined(separator: " ")
        }.joined(separator: "\n")
    }
}
