import Evaluation

/// One wine as it will be printed, with what it truly is.
struct EntryDraft: Sendable {
    var bin: String?
    /// The printed name line without bin and prices (vintage, inline region and size included).
    var name: String
    /// A second, smaller line under the name (region, country), if the list prints one.
    var detail: String?
    /// Printed prices, one per price column (or a single "14 / 56" run).
    var prices: [String]
    /// Fields of the ground truth; `text` is filled in once the entry is laid out.
    var truth: GroundTruth.Entry
}
