import Entries
import Foundation

/// How names, vintages and sizes are printed on a list: the abbreviations and spellings real
/// lists use, which the reader has to undo.
struct WinePrinting: Sendable {
    enum VintageStyle: String, Sendable { case full, apostrophe, curly }
    var vintageStyle: VintageStyle
    /// "NV" or "N.V."
    var nonVintage: String
    /// Chance that each abbreviable phrase is abbreviated.
    var abbreviationRate: Double
    /// Some lists drop accents (Chateau, Cotes du Rhone).
    var stripAccents: Bool

    /// Phrase → printed abbreviations (each expandable by the reader's abbreviation table).
    static let abbreviations: [(String, [String])] = [
        ("Château", ["Ch.", "Chât."]),
        ("Domaine", ["Dom.", "Dne"]),
        ("Cabernet Sauvignon", ["Cab Sauv", "Cab. Sauv"]),
        ("Cabernet Franc", ["Cab Franc"]),
        ("Sauvignon Blanc", ["Sauv Blanc"]),
        ("Chardonnay", ["Chard"]),
        ("Reserve", ["Rsv", "Res."]),
        ("Réserve", ["Rsv"]),
        ("Vineyard", ["Vyd", "Vnyd"]),
        ("Vineyards", ["Vyds"]),
        ("Estate", ["Est."]),
        ("Premier Cru", ["1er Cru"]),
        ("Grand Cru", ["GC"]),
        ("Blanc de Blancs", ["BdB"]),
        ("Saint-", ["St-"]),
        ("Zinfandel", ["Zin"]),
    ]

    func vintage(_ v: Vintage) -> String {
        switch v {
        case .nonVintage: return nonVintage
        case .year(let y):
            let yy = y % 100
            let two = yy < 10 ? "0\(yy)" : "\(yy)"
            switch vintageStyle {
            case .full: return String(y)
            case .apostrophe: return "'" + two
            case .curly: return "\u{2019}" + two
            }
        }
    }

    /// Abbreviates some phrases of a name, whole words only.
    func abbreviate(_ text: String, _ rng: inout SeededRandom) -> String {
        var out = text
        for (phrase, forms) in Self.abbreviations where out.contains(phrase) {
            guard rng.chance(abbreviationRate) else { continue }
            out = Self.replaceWhole(phrase, with: rng.pick(forms), in: out)
        }
        return stripAccents ? Self.stripDiacritics(out) : out
    }

    func plain(_ text: String) -> String { stripAccents ? Self.stripDiacritics(text) : text }

    static func replaceWhole(_ phrase: String, with replacement: String, in text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let range = rest.range(of: phrase) {
            let before = range.lowerBound == rest.startIndex ? result.last : rest[rest.index(before: range.lowerBound)]
            let after = range.upperBound == rest.endIndex ? nil : rest[range.upperBound]
            let boundary = !(before?.isLetter ?? false) && (phrase.hasSuffix("-") || !(after?.isLetter ?? false))
            result += rest[..<range.lowerBound]
            result += boundary ? replacement : String(rest[range])
            rest = rest[range.upperBound...]
        }
        return result + rest
    }

    static func stripDiacritics(_ text: String) -> String {
        text.folding(options: .diacriticInsensitive, locale: Locale(identifier: "en_US_POSIX"))
    }

    static func random(_ rng: inout SeededRandom) -> WinePrinting {
        let style: VintageStyle = rng.pick(weighted: [(.full, 6.0), (.apostrophe, 1.0), (.curly, 1.0)])
        return WinePrinting(vintageStyle: style, nonVintage: rng.chance(0.75) ? "NV" : "N.V.",
                            abbreviationRate: rng.pick([0.0, 0.25, 0.5, 0.8]), stripAccents: rng.chance(0.12))
    }
}
