import Documents
import Entries

/// What a run produced for one image, reduced to what ground truth can check.
public struct PageObservation: Sendable, Equatable {
    /// Recognized text in reading order; nil when the image failed (it then scores as empty text).
    public var text: String?
    public var kind: DocumentKind?
    /// How the page was flattened (pages.json `flatten.method`).
    public var flatten: String?
    public var entries: [EntryObservation]
    public var items: [EntryObservation]
    public var receipt: ReceiptObservation?

    public init(text: String?, kind: DocumentKind? = nil, flatten: String? = nil, entries: [EntryObservation] = [],
                items: [EntryObservation] = [], receipt: ReceiptObservation? = nil) {
        self.text = text
        self.kind = kind
        self.flatten = flatten
        self.entries = entries
        self.items = items
        self.receipt = receipt
    }
}

/// One image's scores against its ground truth, with the tags images are grouped by.
public struct ImageEvaluation: Sendable, Equatable, Codable {
    public var job: String
    public var image: String
    /// The ground-truth file, as located.
    public var truth: String
    public var truthFormat: TruthSource.Format
    /// Document kind: the truth's, or the detected one when the truth (plain text) does not say.
    public var kind: String?
    /// Page shape and layout from the truth (flat, curl, fold …; one-column, receipt …).
    public var shape: String?
    public var layout: String?
    /// Flattening method the run chose.
    public var flatten: String?
    /// No OCR result (the image failed).
    public var failed: Bool
    public var text: TextMetrics
    /// Wine-list entries, when the truth lists entries.
    public var entries: EntryCounts?
    /// Receipt items, when the truth lists items.
    public var items: EntryCounts?
    /// Receipt key fields, when the truth states any.
    public var receipt: ReceiptCounts?

    public init(job: String, image: String, truth: String, truthFormat: TruthSource.Format, kind: String?, shape: String?,
                layout: String?, flatten: String?, failed: Bool, text: TextMetrics, entries: EntryCounts? = nil,
                items: EntryCounts? = nil, receipt: ReceiptCounts? = nil) {
        self.job = job
        self.image = image
        self.truth = truth
        self.truthFormat = truthFormat
        self.kind = kind
        self.shape = shape
        self.layout = layout
        self.flatten = flatten
        self.failed = failed
        self.text = text
        self.entries = entries
        self.items = items
        self.receipt = receipt
    }

    public var key: String { "\(job)/\(image)" }

    /// The value of a grouping dimension ("shape", "layout", "flatten", "kind").
    public func tag(_ dimension: String) -> String? {
        switch dimension {
        case "shape": return shape
        case "layout": return layout
        case "flatten": return flatten
        case "kind": return kind
        default: return nil
        }
    }
}

public enum ImageEvaluator {
    /// Scores one page: text always; entries, items and receipt fields where the truth has them.
    public static func evaluate(job: String, image: String, source: TruthSource, truth: GroundTruth,
                                page: PageObservation) -> ImageEvaluation {
        let kind = source.format == .text ? (page.kind?.rawValue ?? truth.kind.rawValue) : truth.kind.rawValue
        var evaluation = ImageEvaluation(
            job: job, image: image, truth: source.path, truthFormat: source.format, kind: kind,
            shape: truth.page?.shape, layout: truth.page?.layout, flatten: page.flatten, failed: page.text == nil,
            text: TextMetrics.compare(truth: ComparableText.file(lines: truth.lines), recognized: page.text ?? ""))
        if !truth.entries.isEmpty {
            evaluation.entries = EntryMetrics.evaluate(detected: page.entries, truth: truth.entries)
        }
        if let receipt = truth.receipt {
            if !receipt.items.isEmpty {
                evaluation.items = EntryMetrics.evaluate(detected: page.items, truth: receipt.items.map(itemTruth))
            }
            let keys = ReceiptMetrics.evaluate(found: page.receipt, truth: receipt)
            if !keys.fields.isEmpty { evaluation.receipt = keys }
        }
        return evaluation
    }

    /// A receipt item as an entry: its description and amount are what the printed line says.
    public static func itemTruth(_ item: GroundTruth.ReceiptTruth.Item) -> GroundTruth.Entry {
        let price = Price(amount: item.amount)
        return GroundTruth.Entry(text: "\(item.description) \(price.formatted)", prices: [price], catalogueID: item.catalogueID)
    }
}
