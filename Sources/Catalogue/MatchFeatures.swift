/// How well a label fits the query's vintage.
enum VintageFit: Int, Sendable {
    /// A row in one of the query's vintages.
    case exact
    /// A row whose year is one OCR slip away from a damaged year in the query ("2O1" → 2010s).
    case corrected
    /// The label has a row standing for every vintage.
    case allVintages
    /// The query gives no vintage.
    case unspecified
    /// The query gives a vintage the label does not have.
    case variant
}

/// The evidence about one candidate that the calibration turns into a probability.
struct MatchFeatures: Sendable {
    static let names = ["score", "recall", "precision", "order", "margin", "producerRecall", "unknownShare",
                        "vintageExact", "vintageCorrected", "vintageAll", "vintageUnspecified", "vintageVariant", "rowShare",
                        "wineRecall", "recallTimesPrecision", "unexplainedWeight", "missingWeight"]

    var score: Float = 0
    var recall: Float = 0
    var precision: Float = 0
    var order: Float = 0
    var margin: Float = 0
    var producerRecall: Float = 0
    var unknownShare: Float = 0
    var vintage: VintageFit = .unspecified
    /// 1 / number of rows (vintages) of the label: the odds of a blind pick among them.
    var rowShare: Float = 1
    var wineRecall: Float = 0
    /// Weight of query words the label does not explain (absolute: one rare unexplained word matters).
    var unexplainedWeight: Float = 0
    /// Weight of the label's words the query lacks (absolute: one missing rare cuvée word is another wine).
    var missingWeight: Float = 0

    var vector: [Double] {
        [Double(score), Double(recall), Double(precision), Double(order), Double(min(margin, 0.3)), Double(producerRecall),
         Double(unknownShare),
         // A row standing for every vintage fits any year exactly (the development set has none, so
         // it borrows the exact-vintage weight instead of an unfitted one of its own).
         vintage == .exact || vintage == .allVintages ? 1 : 0, vintage == .corrected ? 1 : 0, vintage == .allVintages ? 1 : 0,
         vintage == .unspecified ? 1 : 0, vintage == .variant ? 1 : 0, Double(rowShare),
         Double(wineRecall), Double(recall * precision), Double(min(unexplainedWeight, 20) / 10),
         Double(min(missingWeight, 20) / 10)]
    }
}
