/// Scores over a set of receipts: exact-match accuracy per field and the mean address token F1.
public struct ReceiptKeySummary: Sendable, Equatable {
    public var receipts: Int
    public var total: Int
    public var date: Int
    public var company: Int
    public var companyStrict: Int
    public var addressF1Sum: Double

    public init(_ scores: [ReceiptKeyScore]) {
        receipts = scores.count
        total = scores.filter(\.totalCorrect).count
        date = scores.filter(\.dateCorrect).count
        company = scores.filter(\.companyCorrect).count
        companyStrict = scores.filter(\.companyCorrectStrict).count
        addressF1Sum = scores.reduce(0) { $0 + $1.addressF1 }
    }

    func ratio(_ n: Int) -> Double { receipts == 0 ? 0 : Double(n) / Double(receipts) }
    public var totalAccuracy: Double { ratio(total) }
    public var dateAccuracy: Double { ratio(date) }
    public var companyAccuracy: Double { ratio(company) }
    public var companyStrictAccuracy: Double { ratio(companyStrict) }
    public var addressF1: Double { receipts == 0 ? 0 : addressF1Sum / Double(receipts) }
}
