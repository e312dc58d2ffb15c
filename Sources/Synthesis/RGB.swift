/// A colour in linear 0…1 components (sRGB values, no gamma maths: print is not that precise).
public struct RGB: Sendable, Hashable, Codable {
    public var r: Double, g: Double, b: Double
    public init(_ r: Double, _ g: Double, _ b: Double) { self.r = r; self.g = g; self.b = b }
    public static let black = RGB(0.05, 0.05, 0.05)
    public static let white = RGB(1, 1, 1)

    public var hex: String {
        func h(_ v: Double) -> String {
            let i = Int((max(0, min(1, v)) * 255).rounded())
            let digits = Array("0123456789abcdef")
            return String([digits[i / 16], digits[i % 16]])
        }
        return "#" + h(r) + h(g) + h(b)
    }
}
