import Imaging
import Foundation

/// A rotation as a 3×3 matrix (rows).
public struct Rotation: Sendable, Equatable {
    public var r0: Vector3, r1: Vector3, r2: Vector3

    public static let identity = Rotation(r0: Vector3(1, 0, 0), r1: Vector3(0, 1, 0), r2: Vector3(0, 0, 1))

    @inline(__always) public func apply(_ v: Vector3) -> Vector3 { Vector3(r0.dot(v), r1.dot(v), r2.dot(v)) }

    public var transposed: Rotation {
        Rotation(r0: Vector3(r0.x, r1.x, r2.x), r1: Vector3(r0.y, r1.y, r2.y), r2: Vector3(r0.z, r1.z, r2.z))
    }

    public static func * (a: Rotation, b: Rotation) -> Rotation {
        let t = b.transposed
        return Rotation(r0: Vector3(a.r0.dot(t.r0), a.r0.dot(t.r1), a.r0.dot(t.r2)),
                        r1: Vector3(a.r1.dot(t.r0), a.r1.dot(t.r1), a.r1.dot(t.r2)),
                        r2: Vector3(a.r2.dot(t.r0), a.r2.dot(t.r1), a.r2.dot(t.r2)))
    }

    /// About the x axis (the page tips forward/back).
    public static func aboutX(degrees: Double) -> Rotation {
        let a = degrees * .pi / 180, c = cos(a), s = sin(a)
        return Rotation(r0: Vector3(1, 0, 0), r1: Vector3(0, c, -s), r2: Vector3(0, s, c))
    }

    /// About the y axis (the page swings left/right).
    public static func aboutY(degrees: Double) -> Rotation {
        let a = degrees * .pi / 180, c = cos(a), s = sin(a)
        return Rotation(r0: Vector3(c, 0, s), r1: Vector3(0, 1, 0), r2: Vector3(-s, 0, c))
    }

    /// About the optical axis (in-plane rotation of the page in the photo).
    public static func aboutZ(degrees: Double) -> Rotation {
        let a = degrees * .pi / 180, c = cos(a), s = sin(a)
        return Rotation(r0: Vector3(c, -s, 0), r1: Vector3(s, c, 0), r2: Vector3(0, 0, 1))
    }
}
