import Entries
import Foundation

/// The real-catalogue check of the issue: every row's own name, written the way a wine list writes it
/// (abbreviated, vintage as 'YY, price appended), must find that row again.
public enum RoundTrip {
    /// Whole-word rewrites a list makes, longest first (the inverse of the abbreviation table's common rows).
    static let listAbbreviations: [(String, String)] = [
        ("Cabernet Sauvignon", "Cab Sauv"), ("Sauvignon Blanc", "Sauv Blanc"), ("Premier Cru", "1er Cru"),
        ("Grand Cru", "GC"), ("Vieilles Vignes", "VV"), ("Château", "Ch."), ("Chateau", "Ch."), ("Domaine", "Dom."),
        ("Chardonnay", "Chard."), ("Reserve", "Res."), ("Vineyards", "Vyds"), ("Vineyard", "Vyd"), ("Estate", "Est."),
        ("Saint", "St"), ("Sainte", "Ste"), ("Zinfandel", "Zin"), ("Mountain", "Mtn"), ("Valley", "Vly"),
        ("Selection", "Sel."),
    ]

    /// "Ch. Margaux '15 650".
    public static func listLine(for wine: Wine, runYear: Int = FieldParser.currentYear) -> String {
        var name = wine.displayName
        for (full, short) in listAbbreviations {
            name = replaceWord(full, with: short, in: name)
        }
        let vintage: String
        switch wine.vintage {
        case .year(let y)?:
            // Two digits only where they read back unambiguously ('15 → 2015, '98 → 1998).
            let pivotOK = (y >= 2000 && y % 100 <= (runYear + 1) % 100) || (y < 2000 && y % 100 > (runYear + 1) % 100)
            vintage = pivotOK ? "'" + String(format: "%02d", y % 100) : String(y)
        case .nonVintage?: vintage = "NV"
        case nil: vintage = ""
        }
        let price = wine.releasePrice.map { $0 == $0.rounded() ? String(Int($0)) : String(format: "%.2f", $0) } ?? "65"
        return [name, vintage, price].filter { !$0.isEmpty }.joined(separator: " ")
    }

    static func replaceWord(_ word: String, with replacement: String, in text: String) -> String {
        var out = text
        var searchStart = out.startIndex
        while let range = out.range(of: word, options: [.caseInsensitive], range: searchStart..<out.endIndex) {
            let beforeOK = range.lowerBound == out.startIndex || !out[out.index(before: range.lowerBound)].isLetter
            let afterOK = range.upperBound == out.endIndex || !out[range.upperBound].isLetter
            if beforeOK && afterOK {
                out.replaceSubrange(range, with: replacement)
                searchStart = out.index(range.lowerBound, offsetBy: replacement.count)
            } else {
                searchStart = range.upperBound
            }
        }
        return out
    }

    public struct Outcome: Sendable {
        public var rows: Int
        public var found: Int
        public var misses: [(line: String, got: String)]
        public var share: Double { rows == 0 ? 0 : Double(found) / Double(rows) }
    }

    /// Matches every row's list line (on `workers` threads) and counts the rows found again.
    public static func run(_ matcher: Matcher, workers: Int = ProcessInfo.processInfo.activeProcessorCount,
                           keepMisses: Int = 20) async -> Outcome {
        let catalogue = matcher.catalogue
        let lines = (0..<catalogue.count).map { listLine(for: catalogue[$0]) }
        let results = await matcher.match(lines.map { MatchQuery($0) }, workers: workers)
        var found = 0
        var misses: [(line: String, got: String)] = []
        for (i, r) in results.enumerated() {
            if r.matchedID == catalogue.id(at: i) && r.type == .exact {
                found += 1
            } else if misses.count < keepMisses {
                misses.append((lines[i], "\(r.type.rawValue): \(r.best.map { "\($0.name) \($0.vintage?.description ?? "")" } ?? "-")"))
            }
        }
        return Outcome(rows: catalogue.count, found: found, misses: misses)
    }
}
