import Documents
import Foundation
import Imaging
@testable import Flattening

/// A page photographed by a pinhole camera, ray-cast in the test itself: a flat sheet with rows of
/// letter-sized blocks, tilted and turned, over a table that is either right under it or far
/// behind (a held page), with the depth map at a lower resolution than the photo.
struct SyntheticScene {
    var photoWidth = 900
    var photoHeight = 1200
    var depthWidth = 180
    var depthHeight = 240
    var pageWidth = 150.0
    var pageHeight = 200.0
    var tiltDegrees = 20.0
    var spinDegrees = 8.0
    var distance = 380.0
    /// Table distance behind the page along its normal (mm).
    var tableGap = 0.2
    /// Share of depth pixels dropped at random, plus one round hole in the middle.
    var holes = 0.08

    var camera: CameraIntrinsics {
        let f = 0.78 * Double(max(photoWidth, photoHeight))
        return CameraIntrinsics(fx: f, fy: f, cx: Double(photoWidth - 1) / 2, cy: Double(photoHeight - 1) / 2,
                                width: photoWidth, height: photoHeight)
    }

    /// Page frame: centre, axes along width (u) and height (v), normal.
    var frame: (centre: Vector3, u: Vector3, v: Vector3, n: Vector3) {
        let t = tiltDegrees * .pi / 180, s = spinDegrees * .pi / 180
        let u = Vector3(cos(s), sin(s), 0), v0 = Vector3(-sin(s), cos(s), 0)
        // Tilt about the page's own u axis: v leans away from the camera.
        let v = v0 * cos(t) + Vector3(0, 0, 1) * sin(t)
        let n = u.cross(v).normalized
        return (Vector3(0, 0, distance), u, v, n)
    }

    /// The page's corners in photo pixels: top-left, top-right, bottom-right, bottom-left.
    var cornersInPhoto: [(x: Double, y: Double)] {
        let f = frame, c = camera
        return [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1)].map { (a, b) in
            let p = f.centre + f.u * (a * pageWidth / 2) + f.v * (b * pageHeight / 2)
            return (c.fx * p.x / p.z + c.cx, c.fy * p.y / p.z + c.cy)
        }
    }

    /// Ray through pixel (x, y) of a camera meeting the page's plane (offset by `gap` behind it).
    private func hit(_ x: Double, _ y: Double, _ c: CameraIntrinsics, gap: Double) -> Vector3 {
        let f = frame
        let d = Vector3((x - c.cx) / c.fx, (y - c.cy) / c.fy, 1)
        let origin = f.centre - f.n * gap
        let t = origin.dot(f.n) / d.dot(f.n)
        return d * t
    }

    private func pageCoordinates(_ p: Vector3) -> (u: Double, v: Double) {
        let f = frame
        return ((p - f.centre).dot(f.u) + pageWidth / 2, (p - f.centre).dot(f.v) + pageHeight / 2)
    }

    /// Paper 235 with dark letter blocks 2 mm tall in rows 6 mm apart inside 12 mm margins.
    private func paper(u: Double, v: Double) -> UInt8 {
        guard u > 12, u < pageWidth - 12, v > 14, v < pageHeight - 14 else { return 235 }
        let row = (v - 14).truncatingRemainder(dividingBy: 6)
        guard row < 2 else { return 235 }
        let word = (u - 12).truncatingRemainder(dividingBy: 17)
        guard word < 13 else { return 235 }
        return word.truncatingRemainder(dividingBy: 1.8) < 1.2 ? 30 : 235
    }

    func photo() -> LoadedImage {
        let c = camera
        var pixels = [UInt8](repeating: 0, count: photoWidth * photoHeight)
        for y in 0..<photoHeight {
            for x in 0..<photoWidth {
                // 2×2 supersampling keeps the sheet's edge and the blocks anti-aliased.
                var sum = 0
                for (dx, dy) in [(-0.25, -0.25), (0.25, -0.25), (-0.25, 0.25), (0.25, 0.25)] {
                    let p = hit(Double(x) + dx, Double(y) + dy, c, gap: 0)
                    let (u, v) = pageCoordinates(p)
                    if u >= 0, v >= 0, u <= pageWidth, v <= pageHeight {
                        sum += Int(paper(u: u, v: v))
                    } else {
                        let table = pageCoordinates(hit(Double(x) + dx, Double(y) + dy, c, gap: tableGap))
                        // A wood-like table: darker stripes.
                        sum += 95 + Int(20 * sin(table.u * 0.3 + table.v * 0.05))
                    }
                }
                pixels[y * photoWidth + x] = UInt8(sum / 4)
            }
        }
        return LoadedImage(raster: Raster(width: photoWidth, height: photoHeight, channels: 1, pixels: pixels), format: .png)
    }

    func depth() -> DepthMap {
        let c = camera.scaled(toWidth: depthWidth, height: depthHeight)
        var rng = SplitMix64(seed: 99)
        var mm = [Float](repeating: 0, count: depthWidth * depthHeight)
        for y in 0..<depthHeight {
            for x in 0..<depthWidth {
                let p = hit(Double(x), Double(y), c, gap: 0)
                let (u, v) = pageCoordinates(p)
                let onPage = u >= 0 && v >= 0 && u <= pageWidth && v <= pageHeight
                let z = onPage ? p.z : hit(Double(x), Double(y), c, gap: tableGap).z
                let dx = Double(x - depthWidth / 2), dy = Double(y - depthHeight / 3)
                let inHole = dx * dx + dy * dy < Double(depthWidth * depthWidth) / 400
                mm[y * depthWidth + x] = rng.unit() < holes || inHole ? 0 : Float((z + (rng.unit() - 0.5) * 2).rounded())
            }
        }
        return DepthMap(width: depthWidth, height: depthHeight, millimetres: mm)
    }

    var input: PagePhoto { PagePhoto(image: photo(), depth: depth(), camera: camera) }
}
