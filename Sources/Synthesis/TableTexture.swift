import Foundation

/// The surface under the page, procedurally textured in millimetres on the table plane: wood
/// planks, a linen cloth, slate or marble. Hash-based value noise keeps it deterministic.
struct TableTexture: Sendable {
    enum Kind: String, Sendable, CaseIterable { case wood, darkWood = "dark-wood", linen, slate, marble }

    var kind: Kind
    var seed: UInt32
    var light: (Float, Float, Float)
    var dark: (Float, Float, Float)
    var plankWidth: Double
    var angle: Double

    static func random(_ rng: inout SeededRandom) -> TableTexture {
        let kind: Kind = rng.pick(weighted: [(.wood, 3.0), (.darkWood, 2.0), (.linen, 1.5), (.slate, 1.5), (.marble, 1.0)])
        let (light, dark): ((Float, Float, Float), (Float, Float, Float))
        switch kind {
        case .wood: (light, dark) = ((0.72, 0.52, 0.32), (0.48, 0.31, 0.17))
        case .darkWood: (light, dark) = ((0.36, 0.22, 0.13), (0.18, 0.1, 0.06))
        case .linen: (light, dark) = ((0.93, 0.91, 0.86), (0.82, 0.8, 0.75))
        case .slate: (light, dark) = ((0.3, 0.31, 0.33), (0.15, 0.16, 0.17))
        case .marble: (light, dark) = ((0.92, 0.91, 0.9), (0.55, 0.55, 0.57))
        }
        let tint = Float(rng.uniform(0.9, 1.08))
        return TableTexture(kind: kind, seed: UInt32(truncatingIfNeeded: rng.next()),
                            light: (light.0 * tint, light.1 * tint, light.2 * tint), dark: dark,
                            plankWidth: rng.uniform(90, 180), angle: rng.uniform(0, .pi))
    }

    @inline(__always) private func hash(_ x: Int32, _ y: Int32, _ salt: UInt32) -> Float {
        var h = UInt32(bitPattern: x) &* 0x8DA6_B343 ^ UInt32(bitPattern: y) &* 0xD816_3841 ^ (seed &+ salt) &* 0xCB1A_B31F
        h ^= h >> 13; h = h &* 0x5BD1_E995; h ^= h >> 15
        return Float(h & 0xFFFFFF) * (1 / 16_777_216)
    }

    @inline(__always) private func valueNoise(_ x: Double, _ y: Double, _ salt: UInt32) -> Float {
        let fx = x.rounded(.down), fy = y.rounded(.down)
        let ix = Int32(truncatingIfNeeded: Int(fx)), iy = Int32(truncatingIfNeeded: Int(fy))
        var tx = Float(x - fx), ty = Float(y - fy)
        tx = tx * tx * (3 - 2 * tx); ty = ty * ty * (3 - 2 * ty)
        let a = hash(ix, iy, salt), b = hash(ix &+ 1, iy, salt), c = hash(ix, iy &+ 1, salt), d = hash(ix &+ 1, iy &+ 1, salt)
        return (a + (b - a) * tx) + ((c + (d - c) * tx) - (a + (b - a) * tx)) * ty
    }

    private func fbm(_ x: Double, _ y: Double, octaves: Int, salt: UInt32) -> Float {
        var sum: Float = 0, amplitude: Float = 0.5, fx = x, fy = y
        for o in 0..<octaves {
            sum += amplitude * valueNoise(fx, fy, salt &+ UInt32(o) &* 101)
            fx *= 2.03; fy *= 2.03; amplitude *= 0.5
        }
        return sum
    }

    @inline(__always) private func mix(_ t: Float) -> (Float, Float, Float) {
        let s = max(0, min(1, t))
        return (dark.0 + (light.0 - dark.0) * s, dark.1 + (light.1 - dark.1) * s, dark.2 + (light.2 - dark.2) * s)
    }

    /// Albedo at table position (x, y) in millimetres.
    func colour(x px: Double, y py: Double) -> (Float, Float, Float) {
        let c = cos(angle), s = sin(angle)
        let x = c * px - s * py, y = s * px + c * py
        switch kind {
        case .wood, .darkWood:
            let plank = (y / plankWidth).rounded(.down)
            let within = y - plank * plankWidth
            let shift = hash(Int32(truncatingIfNeeded: Int(plank)), 7, 3) * 0.3 - 0.15
            // Growth rings cut lengthwise: long, gently wandering streaks along the plank, plus fine fibres.
            let warp = Double(fbm(x * 0.003, y * 0.02 + plank * 3, octaves: 3, salt: 11)) * 14
            let rings = Float(sin((y + warp + plank * 37) * 0.55)) * 0.5 + 0.5
            let grain = fbm(x * 0.01, y * 1.2, octaves: 3, salt: 23)
            var t = 0.38 + 0.3 * rings * rings * rings + 0.4 * (grain - 0.5) + shift
            if within < 0.9 || within > plankWidth - 0.4 { t *= 0.35 }
            return mix(t)
        case .linen:
            let weave = Float(sin(x * 7.5) * sin(y * 7.5)) * 0.08
            let slub = fbm(x * 0.35, y * 0.02, octaves: 2, salt: 5) - 0.5
            return mix(0.7 + weave + slub * 0.4 + (fbm(x * 0.01, y * 0.01, octaves: 2, salt: 9) - 0.5) * 0.5)
        case .slate:
            return mix(0.5 + (fbm(x * 0.02, y * 0.02, octaves: 4, salt: 13) - 0.5) * 1.2 + (hash(Int32(truncatingIfNeeded: Int(x * 3)), Int32(truncatingIfNeeded: Int(y * 3)), 17) - 0.5) * 0.15)
        case .marble:
            let turbulence = Double(fbm(x * 0.006, y * 0.006, octaves: 4, salt: 19)) * 9
            let vein = Float(abs(sin(x * 0.012 + y * 0.004 + turbulence)))
            return mix(0.55 + 0.45 * pow(vein, 0.25) + (fbm(x * 0.05, y * 0.05, octaves: 2, salt: 29) - 0.5) * 0.1)
        }
    }
}
