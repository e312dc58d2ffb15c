/// One amount that could be the receipt's total, with why it was (or was not) chosen.
public struct TotalCandidate: Sendable, Equatable, Codable {
    public var line: Int
    public var label: String
    public var amount: Double
    /// How strongly the label says "this is the total" (grand total, amount due … above plain total).
    public var labelScore: Int
    /// Consistency checks this amount passes when taken as the total.
    public var checksPassed: Int
    public var chosen: Bool
    /// The amount is the subtotal's, tried as the total because no total line was read.
    public var fromSubtotal: Bool
    /// Only a total if a consistency check agrees: the subtotal tried as the total, or a line that
    /// may state the tax rather than the bill ("Total included GST 0.42").
    public var needsCheck: Bool
    /// Which OCR reading of the page it came from (0: the first).
    public var reading: Int
    /// Mean OCR word confidence of its line.
    public var ocrConfidence: Double?

    public init(line: Int, label: String, amount: Double, labelScore: Int, checksPassed: Int = 0, chosen: Bool = false,
                fromSubtotal: Bool = false, needsCheck: Bool = false, reading: Int = 0, ocrConfidence: Double? = nil) {
        self.line = line
        self.label = label
        self.amount = amount
        self.labelScore = labelScore
        self.checksPassed = checksPassed
        self.chosen = chosen
        self.fromSubtotal = fromSubtotal
        self.needsCheck = needsCheck || fromSubtotal
        self.reading = reading
        self.ocrConfidence = ocrConfidence
    }
}

extension TotalCandidate {
    /// A total of part of the bill ("Total 0% supplies: 11.68"): by its label, so that candidates
    /// merged from several readings keep the knowledge without a field of their own.
    var isPartial: Bool {
        ReceiptVocabulary.containsAny(ReceiptVocabulary.words(label), ReceiptVocabulary.partialTotal)
    }
}
