/// A row of list content before layout.
enum DraftRow: Sendable {
    case heading(String)
    /// Labels printed over the price columns ("Glass  Bottle").
    case columnHeader([String])
    case entry(EntryDraft)
}
