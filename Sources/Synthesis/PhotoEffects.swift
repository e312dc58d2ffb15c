import Foundation

/// How hard the photograph is to read, as presets that draw each effect's strength from a range.
public enum EffectStrength: String, Sendable, CaseIterable, Codable {
    case clean, light, medium, heavy
}

/// The photometric side of one photo: light, shadow, glare, optics, sensor and compression.
public struct PhotoEffects: Sendable {
    public var ambient: Double
    public var diffuse: Double
    public var lightColour: (r: Double, g: Double, b: Double)
    /// Specular strength (0: matte paper; toward 1: a laminated menu under a lamp).
    public var glare: Double
    public var shininess: Double
    /// Brightness ramp across the frame (fraction lost at the dark end) and its direction.
    public var gradient: Double
    public var gradientAngle: Double
    public var vignette: Double
    public var shadow: Shadow?
    /// Gaussian blur sigma in pixels (defocus and lens softness).
    public var blur: Double
    /// Motion blur length in pixels (hand shake), along `motionAngle`.
    public var motion: Double
    public var motionAngle: Double
    /// Sensor noise sigma in 8-bit levels at mid-grey.
    public var noise: Double
    public var jpegQuality: Int
    public var exposure: Double
    /// Thermal print fading (receipts): 0 none, toward 1 badly faded, streaky print.
    public var inkFade: Double

    /// A soft shadow across the frame (a hand, a phone, a glass): the side of a line, or an ellipse.
    public struct Shadow: Sendable {
        public var elliptical: Bool
        /// Centre (or a point on the edge line), as fractions of the frame.
        public var cx: Double, cy: Double
        public var angle: Double
        public var radiusX: Double, radiusY: Double
        /// Fraction of light removed inside the shadow.
        public var darkness: Double
        /// Width of the soft edge, fraction of the frame's long side.
        public var penumbra: Double
    }

    public static func random(_ strength: EffectStrength, photoLongSide: Int, _ rng: inout SeededRandom) -> PhotoEffects {
        // Blur scales with resolution: the same optics blur more pixels on a bigger sensor readout.
        let pixelScale = Double(photoLongSide) / 4032
        let (noise, blur, jpeg, shadowChance, glareChance, glareMax, gradient, fade): (ClosedRange<Double>, ClosedRange<Double>, ClosedRange<Int>, Double, Double, Double, Double, Double)
        switch strength {
        case .clean: (noise, blur, jpeg, shadowChance, glareChance, glareMax, gradient, fade) = (0.5...1.5, 0.4...0.8, 92...95, 0, 0, 0, 0.06, 0)
        case .light: (noise, blur, jpeg, shadowChance, glareChance, glareMax, gradient, fade) = (1.5...3, 0.6...1.4, 85...92, 0.3, 0.2, 0.25, 0.15, 0.15)
        case .medium: (noise, blur, jpeg, shadowChance, glareChance, glareMax, gradient, fade) = (2.5...5, 1.0...2.2, 78...88, 0.5, 0.4, 0.45, 0.25, 0.3)
        case .heavy: (noise, blur, jpeg, shadowChance, glareChance, glareMax, gradient, fade) = (4...8, 1.6...3.2, 65...80, 0.75, 0.6, 0.7, 0.4, 0.5)
        }
        var shadow: Shadow?
        if rng.chance(shadowChance) {
            shadow = Shadow(elliptical: rng.chance(0.4), cx: rng.uniform(0.1, 0.9), cy: rng.uniform(0.1, 0.9), angle: rng.uniform(0, .pi),
                            radiusX: rng.uniform(0.15, 0.4), radiusY: rng.uniform(0.08, 0.25),
                            darkness: rng.uniform(0.25, strength == .heavy ? 0.6 : 0.45), penumbra: rng.uniform(0.01, 0.06))
        }
        let warm = rng.uniform(0, strength == .clean ? 0.04 : 0.12)
        return PhotoEffects(
            ambient: rng.uniform(0.45, 0.65), diffuse: rng.uniform(0.35, 0.6),
            lightColour: (1, 1 - warm * 0.6, 1 - warm * 1.4),
            glare: rng.chance(glareChance) ? rng.uniform(0.1, max(0.1, glareMax)) : 0, shininess: rng.uniform(15, 70),
            gradient: rng.uniform(0, gradient), gradientAngle: rng.uniform(0, 2 * .pi), vignette: rng.uniform(0.05, 0.3),
            shadow: shadow, blur: rng.uniform(blur.lowerBound, blur.upperBound) * max(0.35, pixelScale),
            motion: strength == .heavy && rng.chance(0.4) ? rng.uniform(2, 8) * pixelScale : 0, motionAngle: rng.uniform(0, .pi),
            noise: rng.uniform(noise.lowerBound, noise.upperBound), jpegQuality: rng.int(jpeg),
            exposure: rng.uniform(0.92, 1.1), inkFade: rng.uniform(0, fade))
    }

    /// Parameters for the ground truth's generator block.
    var summary: [String: String] {
        func r(_ v: Double) -> String { String((v * 1000).rounded() / 1000) }
        var out: [String: String] = [
            "ambient": r(ambient), "diffuse": r(diffuse), "glare": r(glare), "shininess": r(shininess), "gradient": r(gradient),
            "vignette": r(vignette), "blurSigmaPx": r(blur), "motionBlurPx": r(motion), "noiseSigma": r(noise),
            "jpegQuality": String(jpegQuality), "exposure": r(exposure), "inkFade": r(inkFade),
            "lightColour": "\(r(lightColour.r)) \(r(lightColour.g)) \(r(lightColour.b))",
        ]
        if let shadow { out["shadow"] = "\(shadow.elliptical ? "ellipse" : "edge") darkness \(r(shadow.darkness))" }
        return out
    }
}
