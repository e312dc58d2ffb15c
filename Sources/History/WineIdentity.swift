import Catalogue
import Entries

/// What makes two entries on two nights "the same wine on the same list".
///
/// - A wine the matcher identified is its catalogue row (`id:`), so spelling and OCR noise in the
///   printed name do not matter. When the row is one vintage of a label (catalogues with a row per
///   vintage), the label's catalogue name is used instead (`label:`), so a vintage rollover is a
///   vintage change and not a removal plus an addition.
/// - Otherwise the entry's normalized name (`name:`: abbreviations expanded, accents, case and
///   punctuation folded).
/// - The bottle size is part of the identity: a half bottle and a magnum of one wine are separate
///   lines of a list with their own prices. No printed size means a standard 750 ml bottle.
///
/// The vintage is deliberately not part of it: two vintages of one wine on one list are told apart
/// when entries are paired (see `ChangeDetector`).
public struct WineIdentity: Sendable, Hashable, CustomStringConvertible {
    public enum Basis: String, Sendable, Codable {
        case catalogue = "id", label, name
    }

    public var basis: Basis
    public var value: String
    public var bottleSizeML: Int

    public static let standardBottleML = 750

    /// One shared normalizer: the same folding the matcher applies, so a name reads alike on both sides.
    static let text = MatchText()

    public init(_ entry: HistoryEntry) {
        bottleSizeML = entry.bottleSizeML ?? Self.standardBottleML
        if let id = entry.wineID, !id.isEmpty {
            if entry.wineVintage != nil, let label = entry.wineName.map(Self.normalize), !label.isEmpty {
                basis = .label
                value = label
            } else {
                basis = .catalogue
                value = id
            }
        } else {
            basis = .name
            value = Self.normalize(entry.name)
        }
    }

    /// Whether the matcher vouched for this identity, rather than the name as read.
    public var isCatalogued: Bool { basis != .name }

    public var description: String { "\(basis.rawValue):\(value)@\(bottleSizeML)ml" }

    public static func normalize(_ name: String) -> String { text.key(name) }
}
