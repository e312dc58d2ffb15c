/// Knuth's MMIX linear congruential generator: test data (speckled tables, noise, word choices)
/// that is the same on every machine and in every run, so a test that fails fails again.
///
/// Each call moves the state and returns it whole; callers take its high bits, which are the
/// random ones in an LCG (the low bits cycle quickly).
public struct SeededLCG: RandomNumberGenerator, Sendable {
    public private(set) var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return state
    }
}
