import Imaging
import Testing
@testable import Entries

@Suite struct LevenshteinTests {
    @Test func knownDistances() {
        #expect(Levenshtein.distance(Array("kitten"), Array("sitting")) == 3)
        #expect(Levenshtein.distance(Array(""), Array("abc")) == 3)
        #expect(Levenshtein.distance(Array("abc"), Array("")) == 3)
        #expect(Levenshtein.distance(Array("flaw"), Array("lawn")) == 2)
        #expect(Levenshtein.distance(["Opus", "One"], ["One", "Opus"]) == 2)
    }

    /// The bit-parallel algorithm agrees with the dynamic programme on random sequences that span
    /// several 64-row blocks, small alphabets (many matches) and large ones (few).
    @Test(arguments: [2, 4, 30, 300])
    func agreesWithDynamicProgramme(alphabet: Int) {
        var rng = SplitMix64(seed: UInt64(alphabet))
        for _ in 0..<60 {
            let n = Int(rng.next() % 300), m = Int(rng.next() % 300)
            let a = (0..<n).map { _ in Int(rng.next() % UInt64(alphabet)) }
            var b = (0..<m).map { _ in Int(rng.next() % UInt64(alphabet)) }
            if rng.next() % 2 == 0 { b = a.map { rng.next() % 10 == 0 ? Int(rng.next() % UInt64(alphabet)) : $0 } }
            let slow = Levenshtein.distance(a.map(Box.init), b.map(Box.init))
            #expect(Levenshtein.distance(a, b) == slow, "n=\(a.count) m=\(b.count)")
        }
    }

    /// Equatable only: takes the dynamic programme.
    struct Box: Equatable { var v: Int; init(_ v: Int) { self.v = v } }
}
