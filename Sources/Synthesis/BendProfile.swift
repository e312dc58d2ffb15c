import Foundation

/// The bent cross-section tabulated by arc length: integrating curvature from the page's middle
/// keeps the middle in place and every length unchanged.
struct BendProfile: Sendable {
    let step = 0.25
    var across: [Double]
    var depth: [Double]

    init(_ bend: PageSurface.Bend, length: Double) {
        let n = Int((length / step).rounded(.up)) + 1
        across = [Double](repeating: 0, count: n)
        depth = [Double](repeating: 0, count: n)
        func curvature(_ s: Double) -> Double {
            var k = 0.0
            for segment in bend.segments where s >= segment.start { k = segment.curvature }
            return k
        }
        let middle = n / 2
        across[middle] = Double(middle) * step - length / 2
        // Outward from the middle in both directions (midpoint rule for the angle).
        var angle = 0.0
        for i in (middle + 1)..<max(middle + 1, n) {
            let s = (Double(i) - 0.5) * step
            let next = angle + curvature(s) * step
            let mid = (angle + next) / 2
            across[i] = across[i - 1] + cos(mid) * step
            depth[i] = depth[i - 1] + sin(mid) * step
            angle = next
        }
        angle = 0
        for i in stride(from: middle - 1, through: 0, by: -1) {
            let s = (Double(i) + 0.5) * step
            let next = angle - curvature(s) * step
            let mid = (angle + next) / 2
            across[i] = across[i + 1] - cos(mid) * step
            depth[i] = depth[i + 1] - sin(mid) * step
            angle = next
        }
    }

    func at(_ s: Double) -> (Double, Double) {
        let t = max(0, min(Double(across.count - 1), s / step))
        let i = min(Int(t), across.count - 2), f = t - Double(i)
        return (across[i] * (1 - f) + across[i + 1] * f, depth[i] * (1 - f) + depth[i + 1] * f)
    }
}
