import Evaluation
import Foundation
import Imaging
import Testing
@testable import Synthesis

@Suite struct DepthTests {
    /// Depth pixels (back-projected with camera.json scaled to the depth map) near each page corner,
    /// fitted by a plane (1/z is affine in pixel coordinates on a plane) and intersected with the
    /// corner's ray, must land on the model's 3-D corner within 1 mm.
    @Test(arguments: [PageShape.flat, .perspective, .curl, .fold])
    func noiseFreeDepthBackProjectsToThePageCorners(shape: PageShape) throws {
        var options = TestSupport.smallOptions()
        options.photoWidth = 480; options.photoHeight = 640
        options.depthWidth = 480; options.depthHeight = 640
        options.depthNoise = 0
        options.depthForFlat = true
        options.shapes = [shape]
        options.kind = .mixed
        let synthesizer = try Synthesizer(catalogue: try TestSupport.catalogue(), options: options)
        var worst = 0.0
        for index in 0..<4 {
            let sample = try synthesizer.make(seed: 31, index: index)
            let depth = try #require(sample.depth)
            let page = try #require(sample.truth.page)
            let corners = try #require(page.corners), corners3D = try #require(page.corners3D)
            let camera = sample.camera.scaled(toWidth: depth.width, height: depth.height)
            // Which depth pixels see the page (the model's own coverage, not a depth threshold).
            var mask = [Bool](repeating: false, count: depth.width * depth.height)
            var zbuffer = [Float](repeating: .infinity, count: depth.width * depth.height)
            MeshRasterizer(scene: sample.scene, camera: camera).rasterize(width: depth.width, height: depth.height, zbuffer: &zbuffer) {
                mask[$0.y * depth.width + $0.x] = true
            }
            for (corner, expected) in zip(corners, corners3D) {
                let sx = Double(depth.width) / Double(sample.camera.width), sy = Double(depth.height) / Double(sample.camera.height)
                let x = (corner[0] + 0.5) * sx - 0.5, y = (corner[1] + 0.5) * sy - 0.5
                // Least squares for 1/z = a + b·x + c·y over the page's depth pixels near the corner.
                var ata = [[Double]](repeating: [0, 0, 0], count: 3), atb = [0.0, 0, 0]
                var n = 0
                for j in max(0, Int(y) - 5)...min(depth.height - 1, Int(y) + 5) {
                    for i in max(0, Int(x) - 5)...min(depth.width - 1, Int(x) + 5) where mask[j * depth.width + i] {
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
                #expect(n >= 8, "only \(n) page depth pixels near corner \(corner)")
                guard n >= 8 else { continue }
                let inverseZ = try #require(Self.solve(ata, atb))[0]
                let z = 1 / inverseZ
                let point = Vector3((x - camera.cx) / camera.fx * z, (y - camera.cy) / camera.fy * z, z)
                let error = (point - Vector3(expected[0], expected[1], expected[2])).length
                worst = max(worst, error)
                #expect(error < 1, "\(shape) image \(index): corner back-projects \(error) mm from the model")
            }
        }
        #expect(worst > 0, "no corner was checked")
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
