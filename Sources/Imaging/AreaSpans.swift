/// For each output pixel along one axis of an area-averaging reduction: the first source pixel it
/// covers and the share of each covered source pixel (`weights[offset[i]..<offset[i + 1]]`), computed
/// as the per-pixel loop did: output pixel i spans [i·step, min(size, i·step + step)).
struct AreaSpans {
    var first: [Int] = []
    var offset: [Int] = [0]
    var weights: [Double] = []

    init(count: Int, step: Double, size: Int) {
        first.reserveCapacity(count)
        offset.reserveCapacity(count + 1)
        for i in 0..<count {
            let a = Double(i) * step, b = min(Double(size), a + step)
            var k = Int(a)
            first.append(k)
            while Double(k) < b && k < size {
                weights.append(min(Double(k + 1), b) - max(Double(k), a))
                k += 1
            }
            offset.append(weights.count)
        }
    }
}
