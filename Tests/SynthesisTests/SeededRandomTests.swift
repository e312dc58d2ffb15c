import Imaging
import Testing
@testable import Synthesis

@Suite struct SeededRandomTests {
    @Test func splitMixMatchesTheReferenceOutputs() {
        // Published SplitMix64 outputs for seed 0 (Steele, Lea & Flood; Vigna's splitmix64.c).
        var mixer = SplitMix64(state: 0)
        #expect(mixer.next() == 0xE220_A839_7B1D_CDAF)
        #expect(mixer.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(mixer.next() == 0x06C4_5D18_8009_454F)
    }

    @Test func xoshiroMatchesTheReferenceAlgorithm() {
        // xoshiro256** from state {1, 2, 3, 4}, as Vigna's xoshiro256starstar.c computes it.
        var rng = SeededRandom(state: (1, 2, 3, 4))
        #expect(rng.next() == 0x2D00)
        #expect(rng.next() == 0)
        #expect(rng.next() == 0x5A00_7080)
        #expect(rng.next() == 0x10E0_0000_0000_9D80)
    }

    @Test func sameSeedAndStreamGiveTheSameSequence() {
        var a = SeededRandom(seed: 42, stream: 7), b = SeededRandom(seed: 42, stream: 7), c = SeededRandom(seed: 42, stream: 8)
        let sa = (0..<100).map { _ in a.next() }, sb = (0..<100).map { _ in b.next() }, sc = (0..<100).map { _ in c.next() }
        #expect(sa == sb)
        #expect(sa != sc)
    }

    @Test func drawsStayInTheirRanges() {
        var rng = SeededRandom(seed: 3)
        var seen = Set<Int>()
        for _ in 0..<2000 {
            let i = rng.int(-3...4)
            #expect((-3...4).contains(i))
            seen.insert(i)
            let u = rng.unit()
            #expect(u >= 0 && u < 1)
        }
        #expect(seen.count == 8)
        let shuffled = rng.shuffled(Array(0..<50))
        #expect(shuffled.sorted() == Array(0..<50))
        #expect(shuffled != Array(0..<50))
    }

    @Test func gaussianHasUnitSpread() {
        var rng = SeededRandom(seed: 11)
        let values = (0..<20000).map { _ in rng.gaussian() }
        let mean = values.reduce(0, +) / Double(values.count)
        let variance = values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count)
        #expect(abs(mean) < 0.03)
        #expect(abs(variance - 1) < 0.05)
    }
}
