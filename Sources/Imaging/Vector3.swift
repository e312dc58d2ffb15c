import Foundation

/// A point or direction in millimetres, shared by the depth flattening and the photo synthesis. Camera frame: x right, y down, z forward (the pinhole
/// model of `CameraIntrinsics`); page frame: x along the page's width, y down the page, z into the table.
public struct Vector3: Sendable, Equatable, Codable {
    public var x: Double, y: Double, z: Double
    public init(_ x: Double, _ y: Double, _ z: Double) { self.x = x; self.y = y; self.z = z }

    public static let zero = Vector3(0, 0, 0)
    @inline(__always) public static func + (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x + b.x, a.y + b.y, a.z + b.z) }
    @inline(__always) public static func - (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x - b.x, a.y - b.y, a.z - b.z) }
    @inline(__always) public static func * (a: Vector3, s: Double) -> Vector3 { Vector3(a.x * s, a.y * s, a.z * s) }
    @inline(__always) public static prefix func - (a: Vector3) -> Vector3 { Vector3(-a.x, -a.y, -a.z) }
    @inline(__always) public func dot(_ b: Vector3) -> Double { x * b.x + y * b.y + z * b.z }
    @inline(__always) public func cross(_ b: Vector3) -> Vector3 {
        Vector3(y * b.z - z * b.y, z * b.x - x * b.z, x * b.y - y * b.x)
    }
    public var length: Double { dot(self).squareRoot() }
    public var normalized: Vector3 {
        let l = length
        return l > 0 ? self * (1 / l) : self
    }
}
