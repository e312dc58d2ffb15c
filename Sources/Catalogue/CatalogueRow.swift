import Entries

/// One catalogue row as interned ids and plain numbers (about 80 bytes, no heap objects).
struct CatalogueRow: Sendable {
    static let grapeSeparator: Character = "\u{1F}"
    static let noVintage: Int16 = 0
    static let nonVintage: Int16 = -1
    /// "MV" (multi-vintage) rows sit beside a producer's NV row; both read back as `.nonVintage`.
    static let multiVintage: Int16 = -2

    var producer: UInt32 = 0
    var wine: UInt32 = 0
    var region: UInt32 = 0
    var subregion: UInt32 = 0
    var country: UInt32 = 0
    var colour: UInt32 = 0
    /// Grape names joined by U+001F.
    var grapes: UInt32 = 0
    var currency: UInt32 = 0
    /// 0: every vintage; -1: NV; -2: MV; otherwise the year.
    var vintage: Int16 = 0
    var drinkFrom: Int16 = 0
    var drinkTo: Int16 = 0
    var score: Double = .nan
    var releasePrice: Double = .nan

    var vintageValue: Vintage? {
        switch vintage {
        case Self.noVintage: return nil
        case Self.nonVintage, Self.multiVintage: return .nonVintage
        default: return .year(Int(vintage))
        }
    }

    static func code(_ vintage: Vintage?) -> Int16 {
        switch vintage {
        case nil: return noVintage
        case .nonVintage?: return nonVintage
        case .year(let y)?: return Int16(clamping: y)
        }
    }
}

/// The six colours of the catalogue format (docs/catalogue-format.md), from the spellings found in
/// real files ("Red", "Rosé", "Sparkling", "Dessert").
extension WineColour {
    /// The six colours' names (`WineColour.rawValue`).
    public static let all = Set(allCases.map(\.rawValue))

    /// One of the six colours, or nil when the text names none ("export", "wines").
    public static func known(_ text: String) -> String? {
        let c = normalize(text)
        return all.contains(c) ? c : nil
    }

    public static func normalize(_ text: String) -> String {
        let key = MatchText.tokenize(text).map(\.text).joined(separator: " ")
        switch key {
        case "red", "rouge", "rosso", "tinto", "rot": return "red"
        case "white", "blanc", "bianco", "blanco", "weiss": return "white"
        case "rose", "rosado", "rosato", "blush", "pink": return "rose"
        case "sparkling", "champagne", "cava", "sekt", "spumante", "sparkling rose", "sparkling wine": return "sparkling"
        case "sweet", "dessert", "dessert wine", "sweet wine": return "sweet"
        case "fortified", "port", "sherry", "madeira", "fortified wine": return "fortified"
        default: return key.isEmpty ? text : key
        }
    }
}
