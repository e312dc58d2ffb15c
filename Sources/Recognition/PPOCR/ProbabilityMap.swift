/// The detector's output: per-pixel probability of text, at the detector input's size.
public struct ProbabilityMap: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var values: [Float]

    public init(width: Int, height: Int, values: [Float]) {
        precondition(values.count == width * height, "probability count does not match the size")
        self.width = width
        self.height = height
        self.values = values
    }

    @inlinable public subscript(x: Int, y: Int) -> Float { values[y * width + x] }
}
