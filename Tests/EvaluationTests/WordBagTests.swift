import Imaging
import Foundation
import Testing
@testable import Evaluation

@Suite struct WordBagTests {
    @Test func definition() {
        #expect(WordBag.words("Opus One, (2019) — $520 l'Évangile!") == ["opus", "one", "2019", "520", "l'évangile"])
        #expect(WordBag.f1(truth: "Opus One 2019", recognized: "2019 one OPUS") == 1)
        #expect(WordBag.f1(truth: "", recognized: "") == 1)
        #expect(WordBag.f1(truth: "a", recognized: "") == 0)
    }

    /// The scalar-level trimming is Foundation's `trimmingCharacters(in: punctuation ∪ symbols)`.
    @Test func trimmingMatchesFoundation() {
        let set = CharacterSet.punctuationCharacters.union(.symbols)
        var rng = SplitMix64(seed: 3)
        let alphabet = Array("aZé9 .,;:!?'\"()[]{}-–—_/\\$€£%&*+=<>|~^`´¨©®°…‘’“”«»·•†🍷😀\u{301}\u{2009}")
        for _ in 0..<2000 {
            let token = String((0..<Int(rng.next() % 8)).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] })
            let reference = token.lowercased().split(whereSeparator: \.isWhitespace)
                .map { $0.trimmingCharacters(in: set) }.filter { !$0.isEmpty }
            #expect(WordBag.words(token) == reference, "\(token.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        // Random scalars across the BMP and beyond: every category Foundation might classify.
        var failures = 0
        for _ in 0..<20000 {
            let scalars = (0..<Int(rng.next() % 4 + 1)).compactMap { _ -> Unicode.Scalar? in
                let v = rng.next() % 4 == 0 ? UInt32(0x1F000 + rng.next() % 0x1000) : UInt32(0x20 + rng.next() % 0xFFC0)
                return Unicode.Scalar(v)
            }
            let token = String(String.UnicodeScalarView(scalars))
            let reference = token.lowercased().split(whereSeparator: \.isWhitespace)
                .map { $0.trimmingCharacters(in: set) }.filter { !$0.isEmpty }
            if WordBag.words(token) != reference { failures += 1 }
        }
        #expect(failures == 0)
    }
}
