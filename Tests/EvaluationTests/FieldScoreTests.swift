import Entries
import Testing
@testable import Evaluation

/// Wine, region, country and grapes are scored only where the printed entry holds the truth's value.
@Suite struct FieldScoreTests {
    let truth = GroundTruth.Entry(text: "Dom. Ramonet, Chassagne-Montrachet 1er Cru 2019 $120\nBurgundy, France", producer: "Domaine Ramonet",
                                  wine: "Chassagne-Montrachet 1er Cru", region: "Burgundy", country: "France",
                                  grapes: ["Chardonnay"], vintage: .year(2019), prices: [Price(amount: 120, column: .bottle)])

    func observation(_ text: String? = nil, wine: String?, region: String?, country: String?, grapes: [String]) -> EntryObservation {
        EntryObservation(text: text ?? truth.text, vintage: .year(2019), prices: [Price(amount: 120, column: .bottle)], catalogueID: nil,
                         wine: wine, region: region, country: country, grapes: grapes)
    }

    @Test func printedFieldsCountAndCompareOnExpandedFoldedWords() {
        // "Premier Cru" is how the parser expands the printed "1er Cru"; the truth keeps "1er Cru".
        let c = EntryMetrics.evaluate(detected: [observation(wine: "Chassagne-Montrachet Premier Cru", region: "Burgundy",
                                                             country: "France", grapes: [])], truth: [truth])
        #expect(c.wineTotal == 1 && c.wineCorrect == 1)
        #expect(c.regionTotal == 1 && c.regionCorrect == 1)
        #expect(c.countryTotal == 1 && c.countryCorrect == 1)
        // Chardonnay is the truth's grape but is not printed: not counted.
        #expect(c.grapesTotal == 0)
    }

    @Test func wrongOrMissingFieldsCountAsWrong() {
        let c = EntryMetrics.evaluate(detected: [observation(wine: nil, region: "Bordeaux", country: nil, grapes: ["Chardonnay"])],
                                      truth: [truth])
        #expect(c.wineTotal == 1 && c.wineCorrect == 0)
        #expect(c.regionTotal == 1 && c.regionCorrect == 0)
        #expect(c.countryTotal == 1 && c.countryCorrect == 0)
    }

    @Test func countryCountsWhereOnlyTheRegionIsPrinted() {
        var t = truth
        t.text = "Pascal Jolivet Sancerre 2022 $60\nLoire"
        t.wine = "Sancerre"; t.region = "Loire"; t.producer = "Pascal Jolivet"
        let c = EntryMetrics.evaluate(detected: [observation(t.text, wine: "Sancerre", region: "Loire", country: "France", grapes: [])], truth: [t])
        #expect(c.countryTotal == 1 && c.countryCorrect == 1)
        #expect(c.wineCorrect == 1 && c.regionCorrect == 1)
    }
}
