import Foundation

/// Settles a job's merchant names against each other. A folder of receipts usually holds several
/// from the same shops, and OCR misreads a shop's name differently on different slips
/// ("GARDENIA BAKERIES (AL) SDN BHD" once among five "(KL)"): a name read once or twice that is
/// a couple of characters away from a name read at least twice as often is taken as a misreading
/// of it. Names further apart are different shops and stay as read ("MR. D.I.Y. (M) SDN BHD" and
/// "MR. D.I.Y. (KUCHAI) SDN BHD" are two branches). The majority can be the misreading (a logo
/// font read the same wrong way on most slips); the report keeps the name as read beside the
/// settled one so a reviewer can see every change.
public enum MerchantConsensus {
    /// Most edits, as a share of the longer name's letters, for two names to be one shop.
    public static let maxEditShare = 0.1
    /// How many times more often the settled spelling must have been read than the replaced one.
    public static let minSupportRatio = 2

    /// For each name (nil: none read), the spelling to report instead, or nil to keep it as read.
    /// Names are compared with case and runs of spaces ignored; the replacement is the most
    /// often read spelling of the shop, as it was read. The order of `names` does not matter.
    public static func corrections(for names: [String?]) -> [String?] {
        let keys = names.map { $0.map(key) }
        var counts: [String: Int] = [:]
        var spellings: [String: [String: Int]] = [:]
        for (name, key) in zip(names, keys) {
            guard let name, let key, !key.isEmpty else { continue }
            counts[key, default: 0] += 1
            spellings[key, default: [:]][name, default: 0] += 1
        }
        // A shop's spelling: its most often read one, then the first alphabetically, so the result
        // does not depend on the order the names come in.
        let spelling = spellings.compactMapValues { $0.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key }
        // Most often read first, then alphabetical: the same inbox always settles the same way.
        let ranked = counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
        var settled: [String: String] = [:]
        for (key, count) in counts {
            let target = ranked.first { other in
                let limit = Int(maxEditShare * Double(max(key.count, other.key.count)))
                // Spacing is what readings of one name differ in most ("G A R DENIA BAKE RIES
                // (KL)SDN BHD"), and no two shops differ only in it: the letters are compared.
                let letters = key.filter { !$0.isWhitespace }, otherLetters = other.key.filter { !$0.isWhitespace }
                return limit >= 1 && other.key != key && other.value >= max(2, minSupportRatio * count)
                    && abs(otherLetters.count - letters.count) <= limit
                    && Levenshtein.distance(letters, otherLetters, limit: limit) <= limit
            }
            if let target, let name = spelling[target.key] { settled[key] = name }
        }
        return keys.map { $0.flatMap { settled[$0] } }
    }

    static func key(_ name: String) -> String {
        name.uppercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
