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

    @Test("dot leaders the page prints and the reading erased cost nothing in the folded CER")
    func leadersFoldedOnBothSides() {
        let truth = "Opus One 2019 . . . . . . . . . . 120\nSECTION\n- - - - - -\nDom. Ott 1.5L 45"
        let m = TextMetrics.compare(truth: truth, recognized: "Opus One 2019 120\nSECTION\nDom. Ott 1.5L 45")
        #expect(m.foldedCharacterErrors == 0)
        #expect(m.cerFolded == 0)
        #expect(m.characterErrors > 20)
        #expect(m.wer == 0)
        // Dots that are part of words stay content: losing them is an error in both rates.
        let lost = TextMetrics.compare(truth: "Dom. Ott 1.5L", recognized: "Dom Ott 15L")
        #expect(lost.foldedCharacterErrors == 2 && lost.characterErrors == 2)
        // A leader read as letters is charged.
        let misread = TextMetrics.compare(truth: "Krug . . . . 90", recognized: "Krug ooooo 90")
        #expect(misread.foldedCharacterErrors == 6)
    }

    @Test("text without leaders folds to itself, and reports written before the folded CER read back with it")
    func foldingLeavesPlainTextAlone() throws {
        let m = TextMetrics.compare(truth: "Sassicaia 2018\nKrug NV", recognized: "Sassicaia 2O18\nKrug NV")
        #expect(m.foldedCharacterErrors == m.characterErrors && m.nFoldedCharacters == m.nCharacters)
        #expect(ComparableText.withoutLeaders("a . . b\n...\nc") == "a b\nc")
        let old = #"{"cer":0.1,"wer":0,"wordBagF1":1,"nCharacters":10,"nWords":2,"characterErrors":1,"wordErrors":0}"#
        let back = try JSONDecoder().decode(TextMetrics.self, from: Data(old.utf8))
        #expect(back.cerFolded == back.cer)
    }
}
