import Imaging
import Foundation
import Testing
@testable import Flattening

@Suite struct PlaneFitTests {
    /// Points on a tilted plane at about 40 cm, with millimetre noise, optionally mixed with outliers
    /// anywhere in the box in front of the camera.
    static func cloud(normal: Vector3, count: Int, noise: Double, outlierShare: Double, seed: UInt64) -> [Vector3] {
        var rng = SplitMix64(seed: seed)
        let plane = Plane(origin: Vector3(10, -20, 420), normal: normal)
        var points: [Vector3] = []
        for k in 0..<count {
            if Double(k) < Double(count) * outlierShare {
                points.append(Vector3(rng.unit() * 400 - 200, rng.unit() * 400 - 200, 250 + rng.unit() * 400))
            } else {
                points.append(plane.point(a: rng.unit() * 200 - 100, b: rng.unit() * 280 - 140, h: SurfaceFitTests.gaussian(&rng) * noise))
            }
        }
        return points
    }

    static func angle(_ a: Vector3, _ b: Vector3) -> Double {
        acos(min(1, abs(a.normalized.dot(b.normalized)))) * 180 / .pi
    }

    @Test(arguments: [0.0, 0.2])
    func recoversTheNormalOfATiltedPlane(outliers: Double) throws {
        let normal = Vector3(0.3, -0.4, -1).normalized
        let points = Self.cloud(normal: normal, count: 5000, noise: 1.2, outlierShare: outliers, seed: 7)
        let fit = try #require(PlaneFit.robust(points, threshold: 4))
        #expect(Self.angle(fit.plane.normal, normal) < 0.5, "normal off by \(Self.angle(fit.plane.normal, normal))°")
        // The consensus is the plane's points, not the outliers.
        #expect(abs(Double(fit.inliers.count) / Double(points.count) - (1 - outliers)) < 0.03)
    }

    @Test func leastSquaresAloneIsPulledByOutliers() throws {
        // Why RANSAC: the same cloud fitted by PCA on everything tilts by more than a degree.
        let normal = Vector3(0.3, -0.4, -1).normalized
        let points = Self.cloud(normal: normal, count: 5000, noise: 1.2, outlierShare: 0.2, seed: 7)
        let plain = try #require(PlaneFit.pca(points))
        #expect(Self.angle(plain.normal, normal) > 1)
    }

    @Test func frameFollowsThePhoto() throws {
        // u along the camera's x, v down the photo, the normal toward the camera.
        let plane = try #require(PlaneFit.pca(Self.cloud(normal: Vector3(0, 0, 1), count: 500, noise: 0.1, outlierShare: 0, seed: 3)))
        #expect(plane.normal.z < -0.99)
        #expect(plane.u.x > 0.99)
        #expect(plane.v.y > 0.99)
    }

    @Test func eigenvectorsOfAKnownMatrix() {
        // diag(1, 4, 9) rotated about z by 30°.
        let c = cos(Double.pi / 6), s = sin(Double.pi / 6)
        let m00 = c * c * 1 + s * s * 4, m01 = c * s * (1 - 4), m11 = s * s * 1 + c * c * 4
        let eigen = SymmetricEigen(m00, m01, 0, m11, 0, 9)
        #expect(abs(eigen.values[0] - 1) < 1e-9 && abs(eigen.values[1] - 4) < 1e-9 && abs(eigen.values[2] - 9) < 1e-9)
        #expect(abs(abs(eigen.vectors[0].dot(Vector3(c, s, 0))) - 1) < 1e-9)
    }
}
