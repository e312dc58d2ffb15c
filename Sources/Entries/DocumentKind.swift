/// The two kinds of document Decant reads; they group and parse differently.
public enum DocumentKind: String, Sendable, Codable, CaseIterable {
    case winelist, receipt
}
