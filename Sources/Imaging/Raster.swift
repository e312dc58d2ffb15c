/// An 8-bit image held as plain Swift values so every stage can be tested without C resources.
/// Gray (1 channel) or RGB (3 channels), rows top to bottom, no padding.
public struct Raster: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var channels: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, channels: Int, pixels: [UInt8]) {
        precondition(channels == 1 || channels == 3, "Raster holds gray or RGB")
        precondition(pixels.count == width * height * channels, "pixel count does not match the size")
        self.width = width
        self.height = height
        self.channels = channels
        self.pixels = pixels
    }

    /// A uniform image; handy for tests and for canvases.
    public init(width: Int, height: Int, channels: Int = 1, fill: UInt8 = 255) {
        self.init(width: width, height: height, channels: channels,
                  pixels: [UInt8](repeating: fill, count: width * height * channels))
    }

    public var pixelCount: Int { width * height }

    @inlinable public subscript(x: Int, y: Int, channel: Int = 0) -> UInt8 {
        get { pixels[(y * width + x) * channels + channel] }
        set { pixels[(y * width + x) * channels + channel] = newValue }
    }

    /// Luma (BT.601); a gray raster returns itself.
    public func grayscale() -> Raster {
        guard channels == 3 else { return self }
        var out = [UInt8](repeating: 0, count: width * height)
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for i in 0..<(width * height) {
                    let r = Int(src[3 * i]), g = Int(src[3 * i + 1]), b = Int(src[3 * i + 2])
                    dst[i] = UInt8((r * 299 + g * 587 + b * 114 + 500) / 1000)
                }
            }
        }
        return Raster(width: width, height: height, channels: 1, pixels: out)
    }

    /// Bilinear sample of channel `c` at a real-valued position; outside the image gives `outside`.
    @inlinable public func sample(x: Double, y: Double, channel c: Int = 0, outside: Double = 255) -> Double {
        let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
        if x0 < 0 || y0 < 0 || x0 >= width - 1 || y0 >= height - 1 {
            if x < -0.5 || y < -0.5 || x > Double(width) - 0.5 || y > Double(height) - 0.5 { return outside }
            let cx = min(max(Int(x.rounded()), 0), width - 1), cy = min(max(Int(y.rounded()), 0), height - 1)
            return Double(pixels[(cy * width + cx) * channels + c])
        }
        let fx = x - Double(x0), fy = y - Double(y0)
        let i00 = (y0 * width + x0) * channels + c
        let i10 = i00 + channels, i01 = i00 + width * channels, i11 = i01 + channels
        let top = Double(pixels[i00]) * (1 - fx) + Double(pixels[i10]) * fx
        let bottom = Double(pixels[i01]) * (1 - fx) + Double(pixels[i11]) * fx
        return top * (1 - fy) + bottom * fy
    }
}
