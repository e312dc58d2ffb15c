import DecantTestSupport
import Foundation
import Testing
@testable import Imaging

@Suite("Conversions, orientation, PFM, description")
struct EmbeddedDepthTests {
    /// A depth map turned like Raster.applying turns an image.
    static func rotate(_ depth: DepthMap, by o: Raster.Orientation) -> DepthMap {
        let e = EmbeddedDepth(width: depth.width, height: depth.height, values: depth.millimetres,
                              raw: [UInt16](repeating: 0, count: depth.millimetres.count), scale: .metres, measure: .opticalAxis,
                              source: .heifAuxiliaryImage, location: "", encoding: DepthEncoding(kind: .rangeLinear, bitDepth: 8, parameters: [:]),
                              orientation: .up, warnings: []).applying(o)
        return DepthMap(width: e.width, height: e.height, millimetres: e.values)
    }

    @Test("Orientations.map and EmbeddedDepth.applying move pixels as Raster.applying does", arguments: Orientations.all)
    func orientationAgrees(o: Raster.Orientation) {
        let raster = Raster(width: 5, height: 3, channels: 1, pixels: (0..<15).map { UInt8($0) })
        let depth = DepthMap(width: 5, height: 3, millimetres: (0..<15).map { Float($0) })
        let turned = Self.rotate(depth, by: o), expected = raster.applying(o)
        #expect(turned.width == expected.width && turned.millimetres == expected.pixels.map { Float($0) })
        #expect(Orientations.combine(o, then: Orientations.inverse(o)) == .up)
    }

    @Test("oriented intrinsics project a point where the turned image shows it", arguments: Orientations.all)
    func intrinsicsFollow(o: Raster.Orientation) {
        let c = CameraIntrinsics(fx: 90, fy: 70, cx: 41.5, cy: 27, width: 96, height: 64)
        let (X, Y, Z) = (0.12, -0.05, 0.5)
        let stored = (x: c.fx * X / Z + c.cx, y: c.fy * Y / Z + c.cy)
        let moved = Orientations.map(x: stored.x, y: stored.y, width: 96, height: 64, by: o)
        let t = PhotoIntrinsics.oriented(c, by: o)
        // The turned camera sees the point with its axes turned like the pixel steps: (u, v) are where
        // one step along stored x and along stored y go in the turned image.
        let p = Orientations.map(x: c.cx, y: c.cy, width: 96, height: 64, by: o)
        let ox = Orientations.map(x: c.cx + 1, y: c.cy, width: 96, height: 64, by: o)
        let oy = Orientations.map(x: c.cx, y: c.cy + 1, width: 96, height: 64, by: o)
        let u = (ox.x - p.x, ox.y - p.y), v = (oy.x - p.x, oy.y - p.y)
        let projected = (x: t.cx + t.fx * (u.0 * X + v.0 * Y) / Z, y: t.cy + t.fy * (u.1 * X + v.1 * Y) / Z)
        #expect(abs(projected.x - moved.x) < 1e-9 && abs(projected.y - moved.y) < 1e-9)
        #expect(t.width == (Orientations.transposes(o) ? 64 : 96))
    }

    @Test("Apple disparity and Google RangeInverse convert as the published formulas do")
    func formulas() throws {
        let apple = DepthEncoding(kind: .appleDisparity, bitDepth: 8,
                                  parameters: ["IntMinValue": 0, "IntMaxValue": 255, "FloatMinValue": 1.5, "FloatMaxValue": 4.5])
        let a = try #require(apple.convert([0, 51, 255]))
        #expect(abs(Double(a[0]) - 1 / 1.5) < 1e-6 && abs(Double(a[1]) - 1 / (1.5 + 51 * 3.0 / 255)) < 1e-6 && abs(Double(a[2]) - 1 / 4.5) < 1e-6)
        let inverse = DepthEncoding(kind: .rangeInverse, bitDepth: 16, parameters: ["Near": 0.2, "Far": 5])
        let r = try #require(inverse.convert([0, 32768, 65535]))
        let dn = 32768.0 / 65535
        #expect(abs(Double(r[0]) - 0.2) < 1e-6 && abs(Double(r[1]) - 5 * 0.2 / (5 - dn * 4.8)) < 1e-6 && abs(Double(r[2]) - 5) < 1e-5)
        let linear = DepthEncoding(kind: .rangeLinear, bitDepth: 8, parameters: ["Near": 1, "Far": 3])
        #expect(linear.convert([255])?.first == 3)
        let inverseZ = DepthEncoding(kind: .uniformInverseDepth, bitDepth: 8, parameters: ["z_near": 0.5, "z_far": 2])
        #expect(abs(Double(try #require(inverseZ.convert([255, 0])).first!) - 0.5) < 1e-6)
    }

    @Test("parameters that lie are named: equal ints, NaN, Near not below Far, negative disparity")
    func lyingParameters() {
        let cases: [(DepthEncoding, String)] = [
            (DepthEncoding(kind: .appleDisparity, bitDepth: 8, parameters: ["IntMinValue": 5, "IntMaxValue": 5, "FloatMinValue": 1, "FloatMaxValue": 2]), "equal"),
            (DepthEncoding(kind: .appleDisparity, bitDepth: 8, parameters: ["IntMinValue": 0, "IntMaxValue": 255, "FloatMinValue": .nan, "FloatMaxValue": 2]), "FloatMinValue"),
            (DepthEncoding(kind: .rangeInverse, bitDepth: 8, parameters: ["Near": 2, "Far": 2]), "Near"),
            (DepthEncoding(kind: .appleDisparity, bitDepth: 8, parameters: ["IntMinValue": 0, "IntMaxValue": 255, "FloatMinValue": -1, "FloatMaxValue": 2]), "negative"),
        ]
        for (encoding, word) in cases {
            #expect(encoding.problem?.contains(word) == true, "\(encoding.problem ?? "no problem found")")
            #expect(encoding.convert([1, 2]) == nil)
        }
    }

    @Test("the depth representation SEI reads back what was written, the exponent-0 form and signs included")
    func representationRoundTrip() throws {
        let info = DepthRepresentationInfo(kind: .uniformDisparity, zNear: 1e-12, zFar: 250.75, dMin: -0.125, dMax: 4.382812,
                                           disparityReferenceView: 3)
        let read = try #require(DepthRepresentationInfo.parse(auxSubtype: info.auxSubtype()))
        #expect(read.kind == .uniformDisparity && read.disparityReferenceView == 3)
        for (a, b) in [(read.zNear, info.zNear), (read.zFar, info.zFar), (read.dMin, info.dMin), (read.dMax, info.dMax)] {
            let x = try #require(a), y = try #require(b)
            #expect(abs(x - y) <= abs(y) * 1e-6, "\(x) vs \(y)")
        }
        #expect(DepthRepresentationInfo.parse(auxSubtype: [0, 0, 0, 9, 1, 2]) == nil)
    }

    @Test("PFM holds the values at the map's own size, rows bottom-up; Imaging reads it back in millimetres")
    func pfm() throws {
        let folder = TemporaryFolder("phone-pfm")
        let depth = EmbeddedDepth(width: 3, height: 2, values: [0.5, 0.6, 0, 0.8, 0.9, 1.0], raw: [1, 2, 3, 4, 5, 6], scale: .metres,
                                  measure: .opticalAxis, source: .dynamicDepthItem, location: "test",
                                  encoding: DepthEncoding(kind: .rangeLinear, bitDepth: 8, parameters: ["Near": 0, "Far": 1]),
                                  orientation: .up, warnings: [])
        try depth.writePFM(to: folder.file("d.pfm"))
        let back = try DepthMap.load(path: folder.file("d.pfm"))
        #expect(back.width == 3 && back.height == 2)
        #expect(zip(back.millimetres, depth.values).allSatisfy { abs($0 - $1 * 1000) < 1e-3 })
    }

    @Test("a ray distance becomes an axis distance with the camera; a relative map gets the nominal median")
    func depthMapConversion() {
        let camera = CameraIntrinsics(fx: 2, fy: 2, cx: 0, cy: 0, width: 3, height: 1)
        let ray = EmbeddedDepth(width: 3, height: 1, values: [1, 1, 1], raw: [0, 0, 0], scale: .metres, measure: .opticRay,
                                source: .dynamicDepthItem, location: "", encoding: DepthEncoding(kind: .rangeLinear, bitDepth: 8, parameters: [:]),
                                orientation: .up, warnings: [])
        let axis = ray.depthMap(intrinsics: camera).map.millimetres
        // Pixel 2 is 1 focal length off-axis at fx 2: the ray is √2 times the axis distance.
        #expect(abs(axis[0] - 1000) < 1e-3 && abs(axis[2] - 1000 / Float(2).squareRoot()) < 1e-2)
        var relative = ray
        relative.measure = .opticalAxis
        relative.scale = .relative
        relative.values = [2, 4, 0]
        let scaled = relative.depthMap(nominalMedianMillimetres: 400)
        #expect(scaled.nominalScale && scaled.map.millimetres == [200, 400, 0])
    }

    @Test("the description is the same through JSON, and its text names the source and the warnings")
    func description() throws {
        let bytes = try HEICDepthWriter.encode(photo: Fixture.photo(), depth: Fixture.depth(), intrinsics: Fixture.camera())
        let photo = try PhonePhotoReader.read(bytes: bytes, name: "d.heic")
        var d = PhotoDescription(file: "d.heic", photo: photo)
        d.warnings = ["d.heic: a made-up warning"]
        let back = try JSONDecoder().decode(PhotoDescription.self, from: Data(d.json().utf8))
        #expect(back == d)
        #expect(d.text.contains("heifAuxiliaryImage") && d.text.contains("appleIntrinsicMatrix") && d.text.contains("a made-up warning"))
        #expect(d.depth?.width == 48 && d.depth?.encoding.bitDepth == 8)
    }
}
