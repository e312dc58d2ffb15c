import Documents
/// The two kinds of document Decant reads; they group and parse differently.
public enum DocumentKind: String, Sendable, Codable, CaseIterable {
    case winelist, receipt
}

/// The document kind a run is told to expect; `auto` decides per page.
public enum KindOption: String, Sendable, Codable, CaseIterable {
    case auto, winelist, receipt
}
