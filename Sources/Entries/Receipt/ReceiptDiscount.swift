/// A discount as printed: on an item (between the items) or on the whole bill (after the subtotal).
public struct ReceiptDiscount: Sendable, Equatable, Codable {
    public enum Scope: String, Sendable, Codable { case item, bill }
    public var line: Int
    public var label: String
    /// Always positive: the amount taken off.
    public var amount: Double
    public var scope: Scope

    public init(line: Int, label: String, amount: Double, scope: Scope) {
        self.line = line
        self.label = label
        self.amount = amount
        self.scope = scope
    }
}
