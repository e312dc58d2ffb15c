import Foundation
import Testing
@testable import Evaluation

@Suite struct TextMetricsTests {
    @Test func ligaturesQuotesAndDashesAreNormalized() {
        let m = TextMetrics.compare(truth: "ﬁne ﬂight — Krug’s", recognized: "fine flight – Krug's")
        #expect(m.characterErrors == 0)
        #expect(m.wordErrors == 0)
    }

    @Test func combiningSequencesCountAsOneCharacter() {
        let m = TextMetrics.compare(truth: "Cha\u{302}teau", recognized: "Chateau")
        #expect(m.nCharacters == 7)
        #expect(m.characterErrors == 1)
    }

    @Test func crlfAndTrailingNewlinesDoNotCount() {
        let a = TextMetrics.compare(truth: "Opus One 2019\r\nSassicaia 2018\r\n", recognized: "Opus One 2019\nSassicaia 2018")
        #expect(a.cer == 0)
        #expect(a.nCharacters == 28)
    }

    @Test func spacesInsideALineCountButNotAtItsEnds() {
        let m = TextMetrics.compare(truth: "  Opus  One \t", recognized: "Opus One")
        #expect(m.nCharacters == 9)
        #expect(m.characterErrors == 1)
        #expect(m.wordErrors == 0)
    }

    @Test func emptyTruthWithTextIsInfinite() {
        #expect(TextMetrics.compare(truth: "", recognized: "").cer == 0)
        #expect(TextMetrics.compare(truth: "", recognized: "x").cer == .infinity)
        #expect(TextMetrics.compare(truth: "abc", recognized: "").cer == 1)
    }

    @Test func wordsFollowUAX29AndDropPunctuation() {
        #expect(ComparableText.words("Dom. Leflaive 1er-Cru $100, 32.5 can't!") == ["Dom", "Leflaive", "1er", "Cru", "100", "32.5", "can't"])
        #expect(ComparableText.words("Rosé 🍷 酒 2020") == ["Rosé", "酒", "2020"])
    }

    @Test func infiniteRatesEncodeAsNull() throws {
        let data = try JSONEncoder().encode(TextMetrics.compare(truth: "", recognized: "x"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["cer"] is NSNull)
        let back = try JSONDecoder().decode(TextMetrics.self, from: data)
        #expect(back.cer == .infinity)
    }
}
