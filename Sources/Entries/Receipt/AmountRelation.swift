/// One arithmetic relation between a receipt's printed amounts, e.g. subtotal + tax = total.
public struct AmountRelation: Sendable, Equatable, Codable {
    public var name: String
    /// What the other printed amounts say the checked amount should be.
    public var expected: Double
    /// The checked amount as printed.
    public var found: Double
    public var passed: Bool

    public init(name: String, expected: Double, found: Double, tolerance: Double = ReceiptConsistency.tolerance) {
        self.name = name
        self.expected = Cents.round(expected)
        self.found = Cents.round(found)
        self.passed = abs(self.found - self.expected) <= tolerance
    }

    /// Printed minus expected.
    public var residual: Double { Cents.round(found - expected) }
}
