import Foundation
import Imaging

/// Separable filters and sensor noise on interleaved float images.
enum ImageFilters {
    /// Small sigmas convolve with the sampled Gaussian; larger ones with three box filters of the
    /// same variance (Kutskir's "boxes for Gauss"), whose cost does not grow with the radius.
    static func gaussianBlur(_ data: inout [Float], width: Int, height: Int, channels: Int, sigma: Double) {
        if sigma >= 1.5 {
            let n = 3.0
            var small = Int((12 * sigma * sigma / n + 1).squareRoot().rounded(.down))
            if small % 2 == 0 { small -= 1 }
            let m = Int(((12 * sigma * sigma - n * Double(small * small) - 4 * n * Double(small) - 3 * n) / (-4 * Double(small) - 4)).rounded())
            for pass in 0..<3 {
                let size = pass < m ? small : small + 2
                for horizontal in [true, false] {
                    boxPass(&data, width: width, height: height, channels: channels, radius: size / 2, horizontal: horizontal)
                }
            }
            return
        }
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

    /// A running-sum box filter of width 2·radius + 1 with clamped edges.
    static func boxPass(_ data: inout [Float], width: Int, height: Int, channels: Int, radius: Int, horizontal: Bool) {
        guard radius > 0 else { return }
        let lineLength = horizontal ? width : height
        let lines = horizontal ? height : width
        let stride = horizontal ? channels : width * channels
        let scale = 1 / Float(2 * radius + 1)
        var line = [Float](repeating: 0, count: (lineLength + 2 * radius) * channels)
        data.withUnsafeMutableBufferPointer { d in
            line.withUnsafeMutableBufferPointer { buffer in
                for l in 0..<lines {
                    let base = horizontal ? l * width * channels : l * channels
                    for i in 0..<(lineLength + 2 * radius) {
                        let src = base + min(lineLength - 1, max(0, i - radius)) * stride
                        for c in 0..<channels { buffer[i * channels + c] = d[src + c] }
                    }
                    for c in 0..<channels {
                        var sum: Float = 0
                        for i in 0..<(2 * radius + 1) { sum += buffer[i * channels + c] }
                        d[base + c] = sum * scale
                        for i in 1..<lineLength {
                            sum += buffer[(i + 2 * radius) * channels + c] - buffer[(i - 1) * channels + c]
                            d[base + i * stride + c] = sum * scale
                        }
                    }
                }
            }
        }
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
