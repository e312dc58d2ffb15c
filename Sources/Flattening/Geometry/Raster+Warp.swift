import Foundation
import Imaging

/// Geometric resampling of gray rasters for rectification: rotation and perspective, each
/// computed only over the output rectangle (cheaper than warping the whole photo and cropping).
extension Raster {
    /// The output pixel (x, y) takes this raster's value at `source(x, y)` (bilinear, white outside).
    func warped(width w: Int, height h: Int, fill: UInt8 = 255, _ source: (Double, Double) -> (Double, Double)) -> Raster {
        precondition(channels == 1, "warps work on gray rasters")
        var out = [UInt8](repeating: fill, count: w * h)
        let sw = width, sh = height
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    for x in 0..<w {
                        let (fx, fy) = source(Double(x), Double(y))
                        if fx < 0 || fy < 0 || fx > Double(sw - 1) || fy > Double(sh - 1) { continue }
                        let x0 = min(Int(fx), max(0, sw - 2)), y0 = min(Int(fy), max(0, sh - 2))
                        let ax = fx - Double(x0), ay = fy - Double(y0)
                        let i = y0 * sw + x0
                        let top = Double(src[i]) * (1 - ax) + Double(src[i + 1]) * ax
                        let bottom = Double(src[i + sw]) * (1 - ax) + Double(src[i + sw + 1]) * ax
                        dst[y * w + x] = UInt8(min(255, max(0, (top * (1 - ay) + bottom * ay).rounded())))
                    }
                }
            }
        }
        return Raster(width: w, height: h, channels: 1, pixels: out)
    }

    /// Rotates by `degrees` clockwise (on screen) about `center`, keeping the output rectangle
    /// `crop` given in the rotated frame, where `center` maps to the origin.
    func rotatedCrop(degrees: Double, center: Point, crop: CGRectLike) -> Raster {
        let r = degrees * .pi / 180, c = cos(r), s = sin(r)
        // Inverse rotation: rotated-frame point q → source point center + R(-a) q.
        return warped(width: crop.width, height: crop.height) { x, y in
            let qx = x + crop.x, qy = y + crop.y
            return (center.x + c * qx + s * qy, center.y - s * qx + c * qy)
        }
    }
}

/// A rectangle with real-valued origin and integer size, in a rotated frame.
struct CGRectLike: Sendable, Equatable {
    var x: Double
    var y: Double
    var width: Int
    var height: Int
}

/// Rotation about a centre, clockwise on screen (y down), as leptonica counts angles.
struct PlaneRotation: Sendable {
    let cosA: Double, sinA: Double, center: Point
    init(degrees: Double, center: Point) {
        let r = degrees * .pi / 180
        cosA = cos(r); sinA = sin(r); self.center = center
    }
    /// Source point → rotated frame (centre at the origin).
    func apply(_ p: Point) -> Point {
        let dx = p.x - center.x, dy = p.y - center.y
        return Point(x: cosA * dx - sinA * dy, y: sinA * dx + cosA * dy)
    }
}
