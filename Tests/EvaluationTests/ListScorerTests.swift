import Foundation
import Testing
@testable import Evaluation

/// The pairing and counts of the shared lists' scorer (`score_winelist.py`), on made-up lists.
@Suite struct ListScorerTests {
    func truth(_ text: String, _ prices: [String: Double], vintage: Int? = nil, page: Int? = nil) -> WineListTruth.Entry {
        var entry = WineListTruth.Entry(page: page, text: text, vintage: vintage, prices: prices)
        entry.page = page
        return entry
    }

    @Test func wordsAreFoldedAndNumbersLeftOut() {
        #expect(ListScorer.tokens("Château Léoville-Barton 2016 €120,00 #12 a") == ["chateau", "leoville", "barton"])
        #expect(ListScorer.tokens("Kalecik Karası") == ["kalecik", "karas"], "a dotless ı is no ASCII letter: it splits the word")
        #expect(ListScorer.tokens("ﬁno") == ["fino"], "compatibility decomposition writes ligatures out")
    }

    @Test func entriesPairByWordOverlapAndPricesAndVintagesAreCounted() {
        let gt = [truth("Barolo Bartolo Mascarello", ["bottle": 95], vintage: 2016),
                  truth("Chianti Classico Felsina", ["glass": 12, "bottle": 48], vintage: 2019),
                  truth("Rioja Reserva Muga", ["bottle": 52])]
        let found = [ListEntryObservation(text: "Barolo Bartolo Mascarello 2016 95", prices: [95], vintage: 2016),
                     ListEntryObservation(text: "Chianti Classico Felsina '19 48", prices: [48], vintage: 2018),
                     ListEntryObservation(text: "Sancerre Vacheron", prices: [60], vintage: nil)]
        let c = ListScorer.score(truth: gt, predicted: found)
        #expect(c.truth == 3 && c.predicted == 3 && c.paired == 2)
        #expect(c.priceSetsRight == 1, "the Chianti lacks its glass price")
        #expect(c.highestPricesRight == 2, "but has its highest")
        #expect(c.vintagesTruth == 2 && c.vintagesRight == 1)
        #expect(abs(c.recall - 2.0 / 3) < 1e-9 && abs(c.precision - 2.0 / 3) < 1e-9)
    }

    @Test func belowTheOverlapThresholdNothingPairs() {
        // "Barolo Mascarello" vs "Barolo Conterno": Dice 2·1/4 = 0.5 < 0.6.
        let c = ListScorer.score(truth: [truth("Barolo Mascarello", ["bottle": 95])],
                                 predicted: [ListEntryObservation(text: "Barolo Conterno", prices: [95], vintage: nil)])
        #expect(c.paired == 0)
    }

    /// Greedy from the most similar, ties to the later truth entry and then the later found one, as
    /// Python's sorted(reverse=True) orders (similarity, i, j).
    @Test func tiesGoAsTheScorerBreaksThem() {
        let gt = [truth("Pinot Noir", ["bottle": 40]), truth("Pinot Noir", ["bottle": 50])]
        let found = [ListEntryObservation(text: "Pinot Noir", prices: [50], vintage: nil)]
        let (counts, pairs) = ListScorer.pair(truth: gt, predicted: found)
        #expect(pairs == [1: 0])
        #expect(counts.priceSetsRight == 1)
    }

    @Test func theSharedFormatIsToldFromDecantsOwn() throws {
        let list = Data(#"{"file": "a.pdf", "pages": [2], "entries": [{"text": "X", "prices": {"bottle": 30}, "page": 2}]}"#.utf8)
        let decant = Data(#"{"kind": "winelist", "lines": ["X 30"], "entries": [{"prices": [{"amount": 30, "column": "bottle"}]}]}"#.utf8)
        #expect(WineListTruth.recognizes(list))
        #expect(!WineListTruth.recognizes(decant))
        let truth = try JSONDecoder().decode(WineListTruth.self, from: list)
        #expect(truth.covers(page: 2) && !truth.covers(page: 1) && truth.covers(page: nil))
    }
}
