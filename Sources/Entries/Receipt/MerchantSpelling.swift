/// Checks a merchant name's words against the same words printed elsewhere on the slip. Shop names
/// are often set in a logo or display face that OCR misreads the same way every time ("SANYO
/// STATIONERY SHOP" for "SANYU"), while the name also appears in the body type, which reads true: the
/// company behind the shop ("SANYU SUPPLY SDN BHD"), a web or social-media handle ("Sanyu.Stationery").
/// A word of the name is respelled only when its spelling occurs nowhere else on the slip and a
/// spelling one letter away occurs at least twice on lines about the shop (sharing another word of
/// its name, or carrying a legal form); names without such corroboration stay as read.
public enum MerchantSpelling {
    /// Words shorter than this are left alone: too many short words are one letter apart.
    public static let minimumLetters = 5
    /// How often the other spelling must be printed elsewhere.
    public static let minimumSupport = 2

    /// `merchant` with its corroborated words respelled; `lines` is the slip's text, one printed line
    /// each (lines that are the merchant's own are recognized and left out).
    public static func corroborated(_ merchant: String, by lines: [String]) -> String {
        let name = letters(merchant)
        let nameWords = Set(words(merchant).filter { $0.count >= 3 })
        // Where each word occurs anywhere else, and where on lines about the shop: only those support
        // another spelling (they share another word of its name, or carry a legal form, as "SANYU SUPPLY
        // SDN BHD" does); "U.PRICE" and "Member Price" say nothing about "PRIME".
        var anywhere: Set<String> = []
        var counts: [String: Int] = [:]
        for line in lines where !isMerchantLine(letters(line), name: name) {
            let lineWords = words(line)
            anywhere.formUnion(lineWords)
            let shared = lineWords.filter(nameWords.contains)
            let legalForm = ReceiptParser.hasLegalForm(line)
            for word in lineWords where legalForm || shared.contains(where: { $0 != word }) {
                counts[word, default: 0] += 1
            }
        }
        guard !counts.isEmpty else { return merchant }
        var tokens = merchant.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        for (i, token) in tokens.enumerated() {
            guard token.allSatisfy(\.isLetter), token.count >= minimumLetters else { continue }
            let word = token.uppercased()
            // Upper-casing can change the length ("ß" → "SS"); such words are left alone.
            guard word.count == token.count, !anywhere.contains(word) else { continue }
            // Same length and one edit apart: one letter substituted.
            let best = counts.filter { $0.value >= minimumSupport && $0.key.count == word.count
                && Levenshtein.distance(word, $0.key, limit: 1) == 1 }
                .max { ($0.value, $1.key) < ($1.value, $0.key) }
            guard let best else { continue }
            tokens[i] = String(zip(token, best.key).map { original, replacement in
                original.isUppercase ? Character(replacement.uppercased()) : Character(replacement.lowercased())
            })
        }
        return tokens.joined(separator: " ")
    }

    static func letters(_ text: String) -> String { String(text.uppercased().filter(\.isLetter)) }

    static func words(_ text: String) -> [String] {
        text.uppercased().split { !$0.isLetter }.map(String.init)
    }

    /// The merchant's own line (as this or another reading read it) is no evidence for its spelling.
    static func isMerchantLine(_ line: String, name: String) -> Bool {
        guard !line.isEmpty, !name.isEmpty else { return false }
        let limit = max(2, name.count / 5)
        return abs(line.count - name.count) <= limit && Levenshtein.distance(line, name, limit: limit) <= limit
    }
}
