/// Guards against decompression bombs: the declared size is checked before any pixel is decoded.
public struct ImageLimits: Sendable, Equatable, Codable {
    public var maxPixels: Int
    public var maxFileBytes: Int

    public init(maxPixels: Int = 100_000_000, maxFileBytes: Int = 200 << 20) {
        self.maxPixels = maxPixels
        self.maxFileBytes = maxFileBytes
    }

    public static let `default` = ImageLimits()
}
