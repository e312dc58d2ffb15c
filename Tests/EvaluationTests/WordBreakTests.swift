import DecantTestSupport
import Foundation
import Testing
@testable import Evaluation

@Suite struct WordBreakTests {
    /// Every case of Unicode's WordBreakTest.txt (UCD 15.0 on Debian) gives the expected boundaries.
    @Test(.enabled(if: SharedData.wordBreakTestAvailable, "needs /usr/share/unicode/auxiliary/WordBreakTest.txt (apt-get install unicode-data)"))
    func unicodeConformanceTests() throws {
        let text = try String(contentsOfFile: SharedData.wordBreakTest, encoding: .utf8)
        var checked = 0, failures: [String] = []
        for line in text.split(separator: "\n") {
            let body = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let tokens = body.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard !tokens.isEmpty else { continue }
            var scalars: [Unicode.Scalar] = []
            var expected: [Bool] = []
            for token in tokens {
                if token == "÷" || token == "×" { expected.append(token == "÷") }
                else if let v = UInt32(token, radix: 16), let s = Unicode.Scalar(v) { scalars.append(s) }
            }
            // expected[i] is the boundary before scalar i; the last one is the end of text.
            let got = WordBreak.boundaries(scalars.map(WordBreak.property(of:)), scalars: scalars)
            if Array(expected.dropLast()) != got { failures.append(String(line.prefix(80))) }
            checked += 1
        }
        #expect(checked > 1800)
        #expect(failures.count == 0, "\(failures.count) failures, e.g. \(failures.prefix(5))")
    }

    @Test func segmentsKeepEverything() {
        let segments = WordBreak.segments("can't  stop, 3.14").map { String($0) }
        #expect(segments == ["can't", "  ", "stop", ",", " ", "3.14"])
    }

    @Test func regionalIndicatorsPairUp() {
        #expect(WordBreak.segments("🇫🇷🇩🇪🇮").map { String($0) } == ["🇫🇷", "🇩🇪", "🇮"])
    }
}
