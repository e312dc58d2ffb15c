/// Pooled counts over any set of images (a job, a page shape, the corpus). Rates are computed from
/// the pooled counts (micro-averages: a long page weighs more than a short one), as dinglehopper
/// pools a corpus.
public struct MetricsAggregate: Sendable, Equatable, Codable {
    public var images = 0
    public var failedImages = 0
    public var characterErrors = 0
    public var nCharacters = 0
    /// The same with dot leaders folded away on both sides (`TextMetrics.cerFolded`).
    public var foldedCharacterErrors = 0
    public var nFoldedCharacters = 0
    public var wordErrors = 0
    public var nWords = 0
    public var wordBag = WordBagCounts()
    /// Images whose truth lists wine entries, and their pooled counts.
    public var entryImages = 0
    public var entries = EntryCounts()
    public var itemImages = 0
    public var items = EntryCounts()
    public var receipt = ReceiptCounts()

    public init() {}

    public init<S: Sequence>(_ evaluations: S) where S.Element == ImageEvaluation {
        for e in evaluations { add(e) }
    }

    public mutating func add(_ e: ImageEvaluation) {
        images += 1
        if e.failed { failedImages += 1 }
        characterErrors += e.text.characterErrors
        nCharacters += e.text.nCharacters
        foldedCharacterErrors += e.text.foldedCharacterErrors
        nFoldedCharacters += e.text.nFoldedCharacters
        wordErrors += e.text.wordErrors
        nWords += e.text.nWords
        wordBag = wordBag + e.text.wordBag
        if let c = e.entries { entryImages += 1; entries = entries + c }
        if let c = e.items { itemImages += 1; items = items + c }
        if let c = e.receipt { receipt = receipt + c }
    }

    /// Every metric that has something to measure, by name (see `Metric`).
    public var metrics: [String: Double] {
        var m: [String: Double] = [:]
        if nCharacters > 0 { m[Metric.cer] = Double(characterErrors) / Double(nCharacters) }
        if nFoldedCharacters > 0 { m[Metric.cerFolded] = Double(foldedCharacterErrors) / Double(nFoldedCharacters) }
        if nWords > 0 { m[Metric.wer] = Double(wordErrors) / Double(nWords) }
        if images > 0 { m[Metric.wordBagF1] = wordBag.f1 }
        if entryImages > 0 {
            m[Metric.entryPrecision] = entries.precision
            m[Metric.entryRecall] = entries.recall
            m[Metric.entryF1] = entries.f1
            m[Metric.vintageAccuracy] = entries.vintageAccuracy
            m[Metric.priceAccuracy] = entries.priceAccuracy
            m[Metric.producerAccuracy] = entries.producerAccuracy
            m[Metric.bottleSizeAccuracy] = entries.bottleSizeAccuracy
            m[Metric.wineAccuracy] = entries.wineAccuracy
            m[Metric.regionAccuracy] = entries.regionAccuracy
            m[Metric.countryAccuracy] = entries.countryAccuracy
            m[Metric.grapesAccuracy] = entries.grapesAccuracy
            m[Metric.catalogueAccuracy] = entries.catalogueAccuracy
        }
        if itemImages > 0 {
            m[Metric.itemPrecision] = items.precision
            m[Metric.itemRecall] = items.recall
            m[Metric.itemF1] = items.f1
            m[Metric.itemAmountAccuracy] = items.priceAccuracy
            m[Metric.itemCatalogueAccuracy] = items.catalogueAccuracy
        }
        if let key = receipt.keyFields.accuracy { m[Metric.receiptKeyAccuracy] = key }
        for (field, tally) in receipt.fields { m["\(Metric.receiptFieldPrefix)\(field)"] = tally.accuracy }
        return m
    }

    enum CodingKeys: String, CodingKey {
        case images, failedImages, characterErrors, nCharacters, foldedCharacterErrors, nFoldedCharacters, wordErrors, nWords, wordBag, entryImages, entries,
             itemImages, items, receipt, metrics
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func int(_ key: CodingKeys) throws -> Int { try c.decodeIfPresent(Int.self, forKey: key) ?? 0 }
        images = try int(.images); failedImages = try int(.failedImages)
        characterErrors = try int(.characterErrors); nCharacters = try int(.nCharacters)
        // Reports written before the folded CER: the raw counts (a page without leaders folds to itself).
        foldedCharacterErrors = try c.decodeIfPresent(Int.self, forKey: .foldedCharacterErrors) ?? characterErrors
        nFoldedCharacters = try c.decodeIfPresent(Int.self, forKey: .nFoldedCharacters) ?? nCharacters
        wordErrors = try int(.wordErrors); nWords = try int(.nWords)
        wordBag = try c.decodeIfPresent(WordBagCounts.self, forKey: .wordBag) ?? WordBagCounts()
        entryImages = try int(.entryImages)
        entries = try c.decodeIfPresent(EntryCounts.self, forKey: .entries) ?? EntryCounts()
        itemImages = try int(.itemImages)
        items = try c.decodeIfPresent(EntryCounts.self, forKey: .items) ?? EntryCounts()
        receipt = try c.decodeIfPresent(ReceiptCounts.self, forKey: .receipt) ?? ReceiptCounts()
    }

    /// The counts, plus the derived metrics for readers (ignored when read back: recomputed).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(images, forKey: .images)
        try c.encode(failedImages, forKey: .failedImages)
        try c.encode(characterErrors, forKey: .characterErrors)
        try c.encode(nCharacters, forKey: .nCharacters)
        try c.encode(foldedCharacterErrors, forKey: .foldedCharacterErrors)
        try c.encode(nFoldedCharacters, forKey: .nFoldedCharacters)
        try c.encode(wordErrors, forKey: .wordErrors)
        try c.encode(nWords, forKey: .nWords)
        try c.encode(wordBag, forKey: .wordBag)
        try c.encode(entryImages, forKey: .entryImages)
        try c.encode(entries, forKey: .entries)
        try c.encode(itemImages, forKey: .itemImages)
        try c.encode(items, forKey: .items)
        try c.encode(receipt, forKey: .receipt)
        try c.encode(metrics.mapValues(Metric.rounded), forKey: .metrics)
    }
}

/// Metric names, as they appear in metrics.json, metrics.csv and the baseline's tolerances.
public enum Metric {
    /// dinglehopper's CER, on the texts as they are.
    public static let cer = "cer"
    /// The CER with dot leaders folded away on both sides: the one reports lead with.
    public static let cerFolded = "cerFolded"
    public static let wer = "wer"
    public static let wordBagF1 = "wordBagF1"
    public static let entryPrecision = "entryPrecision"
    public static let entryRecall = "entryRecall"
    public static let entryF1 = "entryF1"
    public static let vintageAccuracy = "vintageAccuracy"
    public static let priceAccuracy = "priceAccuracy"
    public static let producerAccuracy = "producerAccuracy"
    public static let bottleSizeAccuracy = "bottleSizeAccuracy"
    public static let catalogueAccuracy = "catalogueAccuracy"
    public static let wineAccuracy = "wineAccuracy"
    public static let regionAccuracy = "regionAccuracy"
    public static let countryAccuracy = "countryAccuracy"
    public static let grapesAccuracy = "grapesAccuracy"
    public static let itemPrecision = "itemPrecision"
    public static let itemRecall = "itemRecall"
    public static let itemF1 = "itemF1"
    public static let itemAmountAccuracy = "itemAmountAccuracy"
    public static let itemCatalogueAccuracy = "itemCatalogueAccuracy"
    public static let receiptKeyAccuracy = "receiptKeyAccuracy"
    /// Followed by the field name: `receipt.total`.
    public static let receiptFieldPrefix = "receipt."

    /// Display order for tables.
    public static let ordered = [cerFolded, cer, wer, wordBagF1, entryPrecision, entryRecall, entryF1, vintageAccuracy, priceAccuracy,
                                 producerAccuracy, wineAccuracy, regionAccuracy, countryAccuracy, grapesAccuracy,
                                 bottleSizeAccuracy, catalogueAccuracy, itemPrecision, itemRecall, itemF1,
                                 itemAmountAccuracy, itemCatalogueAccuracy, receiptKeyAccuracy]

    /// Error rates get worse upwards; everything else downwards.
    public static func lowerIsBetter(_ name: String) -> Bool { name == cer || name == cerFolded || name == wer }

    /// Six decimals: stable bytes across platforms, far finer than any tolerance.
    public static func rounded(_ value: Double) -> Double { (value * 1_000_000).rounded() / 1_000_000 }

    /// `ordered` first, then the rest (receipt fields) alphabetically.
    public static func sorted(_ names: some Sequence<String>) -> [String] {
        names.sorted { a, b in
            let i = ordered.firstIndex(of: a) ?? Int.max, j = ordered.firstIndex(of: b) ?? Int.max
            return i != j ? i < j : a < b
        }
    }
}
