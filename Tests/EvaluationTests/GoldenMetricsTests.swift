import DecantTestSupport
import Foundation
import Testing
@testable import Evaluation

/// CER and WER must reproduce dinglehopper 0.11.0 on the golden pairs in ../shared/metrics-golden.
@Suite struct GoldenMetricsTests {
    struct Golden: Decodable {
        var cer: Double
        var wer: Double
        var n_characters: Int
        var n_words: Int
    }

    static func golden() throws -> [String: Golden] {
        let data = try Data(contentsOf: URL(fileURLWithPath: SharedData.path("metrics-golden/dinglehopper.json")))
        return try JSONDecoder().decode([String: Golden].self, from: data)
    }

    static func text(_ name: String) throws -> String {
        let data = try Data(contentsOf: URL(fileURLWithPath: SharedData.path("metrics-golden/pairs/\(name)")))
        return String(decoding: data, as: UTF8.self)
    }

    @Test(.enabled(if: SharedData.goldenAvailable, "needs ../shared/metrics-golden (dinglehopper golden values)"))
    func reproducesDinglehopperOnEveryPair() throws {
        let golden = try Self.golden()
        #expect(golden.count >= 15)
        for (name, expected) in golden.sorted(by: { $0.key < $1.key }) {
            let m = TextMetrics.compare(truth: try Self.text("\(name).gt.txt"), recognized: try Self.text("\(name).ocr.txt"))
            #expect(m.nCharacters == expected.n_characters, "\(name): n_characters")
            #expect(m.nWords == expected.n_words, "\(name): n_words")
            #expect(abs(m.cer - expected.cer) < 1e-4, "\(name): CER \(m.cer) vs dinglehopper \(expected.cer)")
            #expect(abs(m.wer - expected.wer) < 1e-4, "\(name): WER \(m.wer) vs dinglehopper \(expected.wer)")
        }
    }
}
