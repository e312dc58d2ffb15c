import Imaging

/// What paper and printing add to the clean render before it is photographed: paper fibre
/// mottling, and for thermal receipts, faded, streaky print (print heads wear unevenly across the
/// paper's width). The flat render written with `--with-flat` stays clean: it is the upper bound.
enum PaperFinish {
    static func apply(to raster: inout Raster, texelsPerMM: Double, fibre: Double, fade: Double, _ rng: inout SeededRandom) {
        let width = raster.width, height = raster.height
        // Fade along the print head: a smooth random profile across the width, 0…1.
        var profile = [Float](repeating: 0, count: width)
        if fade > 0 {
            let knots = max(2, Int(Double(width) / texelsPerMM / 3) + 2)
            let values = (0..<knots).map { _ in Float(rng.unit()) }
            for x in 0..<width {
                let t = Double(x) / Double(max(1, width - 1)) * Double(knots - 1)
                let i = min(knots - 2, Int(t)), f = Float(t - Double(i))
                let s = f * f * (3 - 2 * f)
                profile[x] = Float(fade) * (0.35 + 0.65 * (values[i] + (values[i + 1] - values[i]) * s))
            }
        }
        let fibreAmount = Float(fibre)
        var state = rng.next() | 1
        raster.pixels.withUnsafeMutableBufferPointer { p in
            for y in 0..<height {
                for x in 0..<width {
                    // xorshift per texel: cheap, deterministic mottling.
                    state ^= state << 13; state ^= state >> 7; state ^= state << 17
                    let grain = (Float(state & 0xFFFF) / 65535 - 0.5) * fibreAmount
                    let i = (y * width + x) * 3
                    let keep = 1 - profile[x]
                    for c in 0..<3 {
                        let v = Float(p[i + c]) / 255
                        let ink = (1 - v) * keep
                        p[i + c] = UInt8(max(0, min(255, ((1 - ink) * (1 + grain)) * 255 + 0.5)))
                    }
                }
            }
        }
    }
}
