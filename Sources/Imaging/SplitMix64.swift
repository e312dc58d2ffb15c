/// SplitMix64 (Steele, Lea & Flood): a tiny, fast generator whose output depends on nothing but the
/// seed, so generated corpora, fits and benchmark data are the same on every machine. Also the
/// seeding step of the synthesizer's xoshiro256**.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    public var state: UInt64

    public init(seed: UInt64) { state = seed }
    public init(state: UInt64) { self.state = state }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A whole number in 0..<n (n > 0), by modulo: cheap, and the tiny bias does not matter for sampling.
    public mutating func index(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    /// A number in [0, 1) with 53 random bits.
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
