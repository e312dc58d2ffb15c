import Imaging
import Foundation

/// The paper's shape in 3-D: a developable bend (curl) along one direction, creases, and
/// wrinkles on top. Points are in the page frame, in millimetres, with the origin at the page's
/// centre: x along the width, y down the page, z into the table (negative z lifts toward the camera).
public struct PageSurface: Sendable {
    public var widthMM: Double
    public var heightMM: Double
    /// Setting it after `init` (as the scene sampler does) must rebuild the tabulated profile too.
    public var bend: Bend? {
        didSet { profile = bend.map { BendProfile($0, length: $0.alongLength ? heightMM : widthMM) } }
    }
    public var folds: [Fold]
    public var wrinkles: Wrinkles?

    public init(widthMM: Double, heightMM: Double, bend: Bend? = nil, folds: [Fold] = [], wrinkles: Wrinkles? = nil) {
        self.widthMM = widthMM
        self.heightMM = heightMM
        self.bend = bend
        self.folds = folds
        self.wrinkles = wrinkles
        if let bend { profile = BendProfile(bend, length: bend.alongLength ? heightMM : widthMM) } else { profile = nil }
    }

    /// A bend keeps lengths (paper does not stretch): curvature varies along one direction only.
    public struct Bend: Sendable {
        /// false: the page bends across its width (a menu held open); true: along its length (a receipt).
        public var alongLength: Bool
        /// Curvature (1/mm) on consecutive stretches: `(start, curvature)` pairs, starts ascending from 0.
        /// Negative curvature lifts the page's ends toward the camera.
        public var segments: [(start: Double, curvature: Double)]

        public init(alongLength: Bool, segments: [(start: Double, curvature: Double)]) {
            self.alongLength = alongLength
            self.segments = segments
        }
    }

    /// A crease: the part of the page on the far side of the line (away from the centre) turns
    /// about it by `degrees`, toward the camera for positive angles. Creases are applied to the flat
    /// page one after another, so two creases must move disjoint parts (parallel folds).
    public struct Fold: Sendable {
        public var u: Double, v: Double
        /// Direction of the crease line in page coordinates (need not be unit length).
        public var du: Double, dv: Double
        public var degrees: Double

        public init(u: Double, v: Double, du: Double, dv: Double, degrees: Double) {
            self.u = u; self.v = v; self.du = du; self.dv = dv; self.degrees = degrees
        }
    }

    /// Crumples: sharp ridges along random lines plus gentle waves, as displacement along z.
    public struct Wrinkles: Sendable {
        public var ridges: [(nu: Double, nv: Double, offset: Double, amplitude: Double, width: Double)]
        public var waves: [(ku: Double, kv: Double, phase: Double, amplitude: Double)]

        public init(ridges: [(nu: Double, nv: Double, offset: Double, amplitude: Double, width: Double)],
                    waves: [(ku: Double, kv: Double, phase: Double, amplitude: Double)]) {
            self.ridges = ridges
            self.waves = waves
        }
    }

    private var profile: BendProfile?

    /// The 3-D point of page position (u, v) in millimetres from the top-left corner.
    public func point(u: Double, v: Double) -> Vector3 {
        var p = Vector3(u - widthMM / 2, v - heightMM / 2, 0)
        if let bend, let profile {
            let (a, z) = profile.at(bend.alongLength ? v : u)
            if bend.alongLength { p.y = a } else { p.x = a }
            p.z = z
        }
        for fold in folds { p = apply(fold, to: p, u: u, v: v) }
        if let wrinkles { p.z += displacement(wrinkles, u: u, v: v) }
        return p
    }

    private func apply(_ fold: Fold, to p: Vector3, u: Double, v: Double) -> Vector3 {
        let length = (fold.du * fold.du + fold.dv * fold.dv).squareRoot()
        guard length > 0 else { return p }
        let du = fold.du / length, dv = fold.dv / length
        let side = du * (v - fold.v) - dv * (u - fold.u)
        let centreSide = du * (heightMM / 2 - fold.v) - dv * (widthMM / 2 - fold.u)
        // The part away from the page's middle moves (for a crease through the middle: the left/lower side).
        let moves = abs(centreSide) > 1e-9 ? side * centreSide < 0 : side < 0
        guard moves else { return p }
        // Rodrigues rotation about the crease (which lies in the flat page, z = 0, before any bend).
        let axis = Vector3(du, dv, 0)
        let origin = Vector3(fold.u - widthMM / 2, fold.v - heightMM / 2, 0)
        let angle = fold.degrees * .pi / 180 * (side > 0 ? -1 : 1)
        let q = p - origin
        let c = cos(angle), s = sin(angle)
        let rotated = q * c + axis.cross(q) * s + axis * (axis.dot(q) * (1 - c))
        return origin + rotated
    }

    private func displacement(_ w: Wrinkles, u: Double, v: Double) -> Double {
        var z = 0.0
        for r in w.ridges {
            let d = abs(r.nu * u + r.nv * v - r.offset)
            if d < r.width { z += r.amplitude * (1 - d / r.width) * (1 - d / r.width) }
        }
        for wave in w.waves { z += wave.amplitude * sin(wave.ku * u + wave.kv * v + wave.phase) }
        return z
    }
}
