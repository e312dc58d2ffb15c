import Catalogue
import Entries

/// How the review report describes an entry: plain text for cells, the box colour, and the facts
/// its filters test. Text here is unescaped; the page escapes it where it is placed.
extension EntryRecord {
    /// Below this mean word confidence (0…100) Tesseract's reading is worth a second look.
    public static let lowOCRConfidence = 70.0
    /// Below this calibrated probability the catalogue answer is worth a second look.
    public static let lowMatchConfidence = 0.5

    /// "14 glass · 56 bottle", with the currency when the list gives one.
    public var pricesText: String {
        prices.map { price in
            let amount = (price.amount != nil ? (price.currency ?? currency ?? "") : "") + price.formatted
            return price.column == .unknown ? amount : "\(amount) \(price.column.rawValue)"
        }.joined(separator: " · ")
    }

    /// The catalogue id the answer commits to (exact or vintage-variant).
    public var matchedID: String? { match?.matchedID }

    public var isUnmatched: Bool { matchedID == nil }

    /// What the match column says: the wine, a producer, or that the catalogue has no row.
    public var matchText: String {
        guard let match else { return "no match" }
        switch match.type {
        case .exact, .vintageVariant:
            let name = match.best?.name ?? ""
            return [name, match.best?.vintage?.description].compactMap { $0 }.joined(separator: " ")
        case .producerOnly: return "producer only: \(match.best?.name ?? "")"
        case .none: return "not in catalogue"
        }
    }

    /// Box and badge class: how sure the catalogue answer is, or `none` for no wine matched.
    public var confidenceClass: String {
        guard let match, matchedID != nil else { return "none" }
        if match.confidence >= 0.8 { return "high" }
        if match.confidence >= Self.lowMatchConfidence { return "mid" }
        return "low"
    }

    /// OCR or the catalogue answer is unsure (the "low confidence" filter).
    public var isLowConfidence: Bool {
        ocrConfidence < Self.lowOCRConfidence || (match.map { $0.confidence < Self.lowMatchConfidence } ?? false)
    }

    /// "ready (2022–2035)", "too young (from 2027)".
    public var drinkText: String {
        guard let insight else { return "" }
        let window: String
        switch (insight.drinkFrom, insight.drinkTo) {
        case let (from?, to?): window = "\(from)–\(to)"
        case let (from?, nil): window = "from \(from)"
        case let (nil, to?): window = "until \(to)"
        case (nil, nil): window = ""
        }
        let status: String
        switch insight.drinkStatus {
        case .ready?: status = "ready"
        case .tooYoung?: status = "too young"
        case .pastPrime?: status = "past prime"
        case nil: status = ""
        }
        return window.isEmpty ? status : (status.isEmpty ? window : "\(status) (\(window))")
    }

    /// Where the window comes from, for a reader: "catalogue", "estimated from style barolo-barbaresco",
    /// "non-vintage: ready".
    public var drinkSourceText: String? {
        guard let source = insight?.drinkWindowSource else { return nil }
        if source.hasPrefix("style:") {
            let row = source.dropFirst("style:".count)
            if row.hasSuffix("/premium") { return "estimated from style \(row.dropLast("/premium".count)), top price tier" }
            return "estimated from style \(row)"
        }
        if source == "non-vintage" { return "non-vintage: sold ready" }
        return source
    }

    /// The colour the colour filter tests: the list's, else the matched wine's.
    public var reviewColour: String? { colour?.rawValue ?? insight?.colour }

    public var bottlePrice: Double? { Insights.bottlePrice(prices) }
    public var glassPrice: Double? { Insights.glassPrice(prices) }
}
