import Foundation
import Imaging

/// Separable filters and sensor noise on interleaved float images.
enum ImageFilters {
    static func gaussianBlur(_ data: inout [Float], width: Int, height: Int, channels: Int, sigma: Double) {
        let radius = max(1, Int((sigma * 3).rounded(.up)))
        var kernel: [Float] = []
        for i in -radius...radius {
            let d = Double(i)
            kernel.append(Float(exp(-d * d / (2 * sigma * sigma))))
        }
        let sum = kernel.reduce(0, +)
        kernel = kernel.map { $0 / sum }
        convolve(&data, width: width, height: height, channels: channels, kernel: kernel, horizontal: true)
        convolve(&data, width: width, height: height, channels: channels, kernel: kernel, horizontal: false)
    }

    static func boxBlur(_ data: inout [Float], width: Int, height: Int, channels: Int, length: Int, horizontal: Bool) {
        let half = length / 2
        let kernel = [Float](repeating: 1 / Float(2 * half + 1), count: 2 * half + 1)
        convolve(&data, width: width, height: height, channels: channels, kernel: kernel, horizontal: horizontal)
    }

    /// One pass of a symmetric 1-D kernel with clamped edges.
    static func convolve(_ data: inout [Float], width: Int, height: Int, channels: Int, kernel: [Float], horizontal: Bool) {
        let radius = kernel.count / 2
        let lineLength = horizontal ? width : height
        let lines = horizontal ? height : width
        let stride = horizontal ? channels : width * channels
        var line = [Float](repeating: 0, count: (lineLength + 2 * radius) * channels)
        data.withUnsafeMutableBufferPointer { d in
            kernel.withUnsafeBufferPointer { k in
                line.withUnsafeMutableBufferPointer { buffer in
                    for l in 0..<lines {
                        let base = horizontal ? l * width * channels : l * channels
                        // Copy the line with clamped borders.
                        for i in 0..<(lineLength + 2 * radius) {
                            let src = base + min(lineLength - 1, max(0, i - radius)) * stride
                            for c in 0..<channels { buffer[i * channels + c] = d[src + c] }
                        }
                        for i in 0..<lineLength {
                            for c in 0..<channels {
                                var acc: Float = 0
                                var j = i * channels + c
                                for t in 0..<k.count {
                                    acc += k[t] * buffer[j]
                                    j += channels
                                }
                                d[base + i * stride + c] = acc
                            }
                        }
                    }
                }
            }
        }
    }

    /// Adds sensor noise (signal-dependent luma noise plus weaker colour noise) and rounds to 8 bits.
    /// Normal deviates come from the sum of four 16-bit uniforms: close enough to Gaussian for
    /// sensor noise, and four times cheaper than Box–Muller.
    static func quantize(_ data: [Float], width: Int, height: Int, noise: Double, _ rng: inout SeededRandom) -> Raster {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        let sigma = Float(noise / 255)
        let scale: Float = 1.7320508 / 65536
        @inline(__always) func normal(_ r: inout SeededRandom) -> Float {
            let bits = r.next()
            let s = Float(bits & 0xFFFF) + Float((bits >> 16) & 0xFFFF) + Float((bits >> 32) & 0xFFFF) + Float(bits >> 48)
            return (s - 131_070) * scale
        }
        data.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                for p in 0..<(width * height) {
                    let i = p * 3
                    let luma = max(0, 0.299 * src[i] + 0.587 * src[i + 1] + 0.114 * src[i + 2])
                    let level = sigma * (0.35 + 0.65 * (luma * 2).squareRoot())
                    let shared = sigma > 0 ? normal(&rng) * level : 0
                    for c in 0..<3 {
                        let chroma = sigma > 0 ? normal(&rng) * level * 0.35 : 0
                        let v = (src[i + c] + shared + chroma) * 255 + 0.5
                        dst[i + c] = UInt8(max(0, min(255, v)))
                    }
                }
            }
        }
        return Raster(width: width, height: height, channels: 3, pixels: pixels)
    }
}
