import DecantTestSupport
import Evaluation
import Foundation
import Imaging
import Testing
@testable import Synthesis

@Suite struct DepthTests {
    let scratch = TemporaryFolder("decant-synth-tests")

    /// The files agree with the 3-D model: noise-free depth read back from NAME.depth.png (whole
    /// millimetres), back-projected with NAME.camera.json scaled to the depth map, lands on the page
    /// model within 1 mm near every corner (8 mm in along the page's edges, where a plane fitted to
    /// the neighbouring depth pixels interpolates rather than extrapolates the rounded depth), and
    /// NAME.gt.json's corners are the projections of its 3-D corners.
    @Test(arguments: [PageShape.flat, .perspective, .curl, .fold])
    func noiseFreeDepthBackProjectsOntoThePageModel(shape: PageShape) throws {
        var options = TestSupport.smallOptions()
        options.photoWidth = 480; options.photoHeight = 640
        options.depthWidth = 480; options.depthHeight = 640
        options.depthNoise = 0
        options.depthForFlat = true
        options.shapes = [shape]
        options.kind = .mixed
        let synthesizer = try Synthesizer(catalogue: try TestSupport.catalogue(), options: options)
        let folder = scratch.path
        var worst = 0.0
        for index in 0..<4 {
            let sample = try synthesizer.make(seed: 31, index: index)
            try SampleWriter.write(sample, folder: folder, name: "d")
            let depth = try DepthMap.load(path: folder + "/d.depth.png")
            let photoCamera = try CameraIntrinsics.load(path: folder + "/d.camera.json")
            let page = try #require(try GroundTruth.load(path: folder + "/d.gt.json").page)
            let corners = try #require(page.corners), corners3D = try #require(page.corners3D)
            for (corner, point) in zip(corners, corners3D) {
                let projected = Scene.project(Vector3(point[0], point[1], point[2]), photoCamera)
                #expect(abs(projected.x - corner[0]) < 0.02 && abs(projected.y - corner[1]) < 0.02,
                        "corner \(corner) is not the projection of \(point)")
            }
            let camera = photoCamera.scaled(toWidth: depth.width, height: depth.height)
            // Which depth pixels see the page (the model's own coverage, not a depth threshold).
            var mask = [Bool](repeating: false, count: depth.width * depth.height)
            var zbuffer = [Float](repeating: .infinity, count: depth.width * depth.height)
            MeshRasterizer(scene: sample.scene, camera: camera).rasterize(width: depth.width, height: depth.height, zbuffer: &zbuffer) {
                mask[$0.y * depth.width + $0.x] = true
            }
            let w = sample.scene.surface.widthMM, h = sample.scene.surface.heightMM
            for (u, v) in [(8.0, 8.0), (w - 8, 8), (w - 8, h - 8), (8, h - 8)] {
                let expected = sample.scene.toCamera(sample.scene.surface.point(u: u, v: v))
                let (x, y) = Scene.project(expected, camera)
                // Least squares for 1/z = a + b·x + c·y over the page's depth pixels around the point.
                var ata = [[Double]](repeating: [0, 0, 0], count: 3), atb = [0.0, 0, 0]
                var n = 0
                for j in max(0, Int(y) - 6)...min(depth.height - 1, Int(y) + 6) {
                    for i in max(0, Int(x) - 6)...min(depth.width - 1, Int(x) + 6) where mask[j * depth.width + i] {
                        let z = Double(depth[i, j])
                        guard z > 0 else { continue }
                        let row = [1, Double(i) - x, Double(j) - y]
                        for r in 0..<3 {
                            for c in 0..<3 { ata[r][c] += row[r] * row[c] }
                            atb[r] += row[r] / z
                        }
                        n += 1
                    }
                }
                #expect(n >= 20, "only \(n) page depth pixels near (\(u), \(v)) mm")
                guard n >= 20 else { continue }
                let z = 1 / (try #require(Self.solve(ata, atb))[0])
                let point = Vector3((x - camera.cx) / camera.fx * z, (y - camera.cy) / camera.fy * z, z)
                let error = (point - expected).length
                worst = max(worst, error)
                #expect(error < 1, "\(shape) image \(index): depth back-projects \(error) mm from the model at (\(u), \(v)) mm")
            }
        }
        #expect(worst > 0, "no point was checked")
    }

    /// Realistic depth: noise of a few millimetres at arm's length, and some holes.
    @Test func noisyDepthHasRealisticErrorsAndHoles() throws {
        var options = TestSupport.smallOptions()
        options.shapes = [.curl]
        options.depthWidth = 192; options.depthHeight = 256
        let catalogue = try TestSupport.catalogue()
        var exact = options
        exact.depthNoise = 0
        options.depthNoise = 1
        let clean = try Synthesizer(catalogue: catalogue, options: exact).make(seed: 4, index: 0)
        let noisy = try Synthesizer(catalogue: catalogue, options: options).make(seed: 4, index: 0)
        let a = try #require(clean.depth), b = try #require(noisy.depth)
        var differences: [Float] = []
        var holes = 0
        for i in 0..<a.millimetres.count {
            if b.millimetres[i] == 0 { holes += 1; continue }
            if a.millimetres[i] > 0 { differences.append(abs(a.millimetres[i] - b.millimetres[i])) }
        }
        differences.sort()
        let median = differences[differences.count / 2]
        let holeShare = Double(holes) / Double(a.millimetres.count)
        #expect(median > 0.3 && median < 6, "median depth error \(median) mm")
        #expect(holeShare > 0.001 && holeShare < 0.1, "hole share \(holeShare)")
    }

    /// Gaussian elimination for the 3×3 normal equations.
    static func solve(_ a: [[Double]], _ b: [Double]) -> [Double]? {
        var m = a.enumerated().map { $0.element + [b[$0.offset]] }
        for col in 0..<3 {
            guard let pivot = (col..<3).max(by: { abs(m[$0][col]) < abs(m[$1][col]) }), abs(m[pivot][col]) > 1e-12 else { return nil }
            m.swapAt(col, pivot)
            for row in 0..<3 where row != col {
                let f = m[row][col] / m[col][col]
                for k in col..<4 { m[row][k] -= f * m[col][k] }
            }
        }
        return (0..<3).map { m[$0][3] / m[$0][$0] }
    }
}
