import Catalogue
import Entries
import Testing

@Suite("Insights")
struct InsightsTests {
    @Test("drinking window against the run year")
    func drinkStatus() {
        #expect(Insights.drinkStatus(from: 2025, to: 2040, year: 2024) == .tooYoung)
        #expect(Insights.drinkStatus(from: 2025, to: 2040, year: 2025) == .ready)
        #expect(Insights.drinkStatus(from: 2025, to: 2040, year: 2040) == .ready)
        #expect(Insights.drinkStatus(from: 2025, to: 2040, year: 2041) == .pastPrime)
        #expect(Insights.drinkStatus(from: nil, to: 2030, year: 2020) == .ready)
        #expect(Insights.drinkStatus(from: nil, to: nil, year: 2020) == nil)
    }

    @Test("markup only within one currency")
    func markup() {
        #expect(Insights.markup(listPrice: 300, listCurrency: "€", releasePrice: 100, releaseCurrency: "EUR") == 3)
        #expect(Insights.markup(listPrice: 300, listCurrency: nil, releasePrice: 100, releaseCurrency: "EUR") == 3)
        #expect(Insights.markup(listPrice: 300, listCurrency: "$", releasePrice: 100, releaseCurrency: "EUR") == nil)
        #expect(Insights.markup(listPrice: 300, listCurrency: "$", releasePrice: nil, releaseCurrency: "USD") == nil)
    }

    @Test("the budget takes a bottle, else a glass")
    func budget() {
        #expect(Insights.budgetFit(bottle: 60, glass: 12, budget: 60) == .bottle)
        #expect(Insights.budgetFit(bottle: 90, glass: 12, budget: 60) == .glass)
        #expect(Insights.budgetFit(bottle: 90, glass: nil, budget: 60) == nil)
        #expect(Insights.budgetFit(bottle: 90, glass: 12, budget: nil) == nil)
    }

    @Test("best value is per colour within the list")
    func bestValue() {
        var list: [EntryInsight?] = [
            EntryInsight(score: 95, colour: "red", value: 95.0 / 190),
            EntryInsight(score: 90, colour: "red", value: 90.0 / 60),
            EntryInsight(score: 92, colour: "white", value: 92.0 / 80),
            nil,
            EntryInsight(score: 88, colour: "white", value: 88.0 / 110),
        ]
        Insights.markBestValue(&list)
        #expect(list.map { $0?.bestValue ?? false } == [false, true, true, false, false])
    }

    @Test("an entry's insight comes from its matched wine and its list prices")
    func entryInsight() {
        let wine = Fixture.catalogue[Fixture.catalogue.index(ofID: "margaux-2015")!]
        let options = InsightOptions(year: 2026, budget: 1000)
        let insight = Insights.insight(wine: wine, prices: [Price(amount: 25, column: .glass), Price(amount: 1400, column: .bottle)],
                                       currency: "€", listColour: nil, options: options)
        #expect(insight?.score == 100)
        #expect(insight?.drinkStatus == .ready)
        #expect(insight?.markup == 2)
        #expect(insight?.colour == "red")
        #expect(insight?.fitsBudget == .glass)
    }

    @Test("report filters keep what they ask for")
    func filters() {
        let ready = EntryInsight(score: 93, drinkStatus: .ready, colour: "red", bestValue: true)
        let young = EntryInsight(score: 96, drinkStatus: .tooYoung, colour: "white")
        #expect(InsightOptions().accepts(nil))
        #expect(InsightOptions(minScore: 95).accepts(young))
        #expect(!InsightOptions(minScore: 95).accepts(ready))
        #expect(InsightOptions(colour: "Red").accepts(ready))
        #expect(!InsightOptions(readyNow: true).accepts(young))
        #expect(InsightOptions(readyNow: true, bestValueOnly: true).accepts(ready))
        #expect(!InsightOptions(minScore: 80).accepts(nil))
    }
}
