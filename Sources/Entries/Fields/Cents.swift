/// Money arithmetic in whole cents, so 0.1 + 0.2 compares equal to 0.3.
public enum Cents {
    public static func round(_ value: Double) -> Double { (value * 100).rounded() / 100 }
    public static func equal(_ a: Double, _ b: Double) -> Bool { abs(round(a) - round(b)) <= ReceiptConsistency.tolerance }
}
