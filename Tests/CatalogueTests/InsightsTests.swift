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

    @Test("markup only within one currency, or across two by a rate the user gave")
    func markup() throws {
        #expect(Insights.markup(listPrice: 300, listCurrency: "€", releasePrice: 100, releaseCurrency: "EUR") == 3)
        #expect(Insights.markup(listPrice: 300, listCurrency: nil, releasePrice: 100, releaseCurrency: "EUR") == nil,
                "a list currency nobody knows is a missing input")
        #expect(Insights.markup(listPrice: 300, listCurrency: "€", releasePrice: 100, releaseCurrency: nil) == nil)
        #expect(Insights.markup(listPrice: 300, listCurrency: "$", releasePrice: 100, releaseCurrency: "EUR") == nil)
        #expect(Insights.markup(listPrice: 300, listCurrency: "$", releasePrice: nil, releaseCurrency: "USD") == nil)
        let rate = try #require(ExchangeRate("EUR/USD=1.5"))
        #expect(Insights.markup(listPrice: 300, listCurrency: "$", releasePrice: 100, releaseCurrency: "EUR", rates: [rate]) == 2)
        // The same rate read the other way round.
        #expect(Insights.markup(listPrice: 300, listCurrency: "€", releasePrice: 300, releaseCurrency: "USD", rates: [rate]) == 1.5)
        #expect(Insights.markup(listPrice: 300, listCurrency: "£", releasePrice: 100, releaseCurrency: "EUR", rates: [rate]) == nil,
                "no rate joins pounds and euros")
    }

    @Test("exchange rates as the user writes them")
    func rates() {
        #expect(ExchangeRate("EUR/USD=1.08") == ExchangeRate(base: "EUR", quote: "USD", rate: 1.08))
        #expect(ExchangeRate("€/$ = 1.08") == ExchangeRate(base: "EUR", quote: "USD", rate: 1.08))
        #expect(ExchangeRate("gbp/eur=1.17")?.base == "GBP")
        for bad in ["EUR/USD", "EUR=1.1", "EUR/EUR=1", "EUR/USD=0", "EUR/USD=-2", "EUR/USD=abc", "/USD=1"] {
            #expect(ExchangeRate(bad) == nil, "\(bad)")
        }
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
        let listed = ListedWine(prices: [Price(amount: 25, column: .glass), Price(amount: 1400, column: .bottle)], currency: "€",
                                vintage: .year(2015), words: "Château Margaux 2015")
        let insight = Insights.insight(wine: wine, listed: listed, options: options)
        #expect(insight?.score == 100)
        #expect(insight?.drinkStatus == .ready)
        #expect(insight?.markup == 2)
        #expect(insight?.colour == "red")
        #expect(insight?.fitsBudget == .glass)
        #expect(insight?.drinkFrom == 2025 && insight?.drinkTo == 2070)
        #expect(insight?.drinkWindowSource == "catalogue")
        #expect(insight?.value == 100.0 / 1400)
    }

    @Test("a vintage with no catalogue window gets its style's; a non-vintage wine is ready")
    func windowSources() {
        let options = InsightOptions(year: 2026)
        // Nothing matched: the window comes from what the list prints.
        let barolo = Insights.insight(wine: nil, listed: ListedWine(prices: [Price(amount: 120, column: .bottle)],
                                                                     vintage: .year(2020), words: "Barolo Cannubi"), options: options)
        #expect(barolo?.drinkWindowSource == "style:barolo-barbaresco")
        #expect(barolo?.drinkFrom == 2028 && barolo?.drinkTo == 2045)
        #expect(barolo?.drinkStatus == .tooYoung)
        #expect(barolo?.score == nil && barolo?.value == nil && barolo?.markup == nil)
        let nv = Insights.insight(wine: nil, listed: ListedWine(prices: [], vintage: .nonVintage, words: "Champagne Brut"), options: options)
        #expect(nv?.drinkStatus == .ready)
        #expect(nv?.drinkWindowSource == "non-vintage")
        #expect(nv?.drinkFrom == nil && nv?.drinkTo == nil)
        let unknown = Insights.insight(wine: nil, listed: ListedWine(prices: [], words: "House wine"), options: options)
        #expect(unknown == nil, "no vintage, price, colour or match: nothing to say")
        // The catalogue's window is for its vintage: another vintage of the label is estimated instead.
        let wine = Fixture.catalogue[Fixture.catalogue.index(ofID: "margaux-2015")!]
        let other = Insights.insight(wine: wine, listed: ListedWine(prices: [], vintage: .year(2010), words: "Château Margaux"),
                                     options: options)
        #expect(other?.drinkWindowSource == "style:bordeaux-cru")
        #expect(other?.drinkFrom == 2016 && other?.drinkTo == 2035)
        // A matched wine's region and colour feed the style when the list prints only the name.
        let palmer = Fixture.catalogue[Fixture.catalogue.index(ofID: "palmer-2015")!]
        let matched = Insights.insight(wine: palmer, listed: ListedWine(prices: [], vintage: .year(2015), words: "Ch. Palmer"),
                                       options: options)
        #expect(matched?.drinkWindowSource == "style:bordeaux-cru")
        #expect(matched?.colour == "red")
        // A list that prints no vintage: the catalogue row's vintage is the matcher's choice, not the list's.
        let unprinted = Insights.insight(wine: wine, listed: ListedWine(prices: [], words: "Château Margaux"), options: options)
        #expect(unprinted?.drinkWindowSource == nil && unprinted?.drinkStatus == nil && unprinted?.score == 100)
        // …but a label the catalogue knows only as non-vintage is one.
        let brut = Wine(id: "nv", producer: "Maison", wine: "Brut", colour: "sparkling", vintage: .nonVintage)
        #expect(Insights.insight(wine: brut, listed: ListedWine(prices: [], words: "Maison Brut"), options: options)?.drinkWindowSource
                == "non-vintage")
    }

    @Test("value and markup need their inputs: no score or no bottle price, none shown")
    func missingInputs() {
        let options = InsightOptions(year: 2026, listCurrency: "EUR")
        let scored = Wine(id: "x", producer: "X", colour: "red", vintage: .year(2020), score: 92, releasePrice: 20, currency: "EUR")
        let glassOnly = Insights.insight(wine: scored, listed: ListedWine(prices: [Price(amount: 9, column: .glass)], vintage: .year(2020)),
                                         options: options)
        #expect(glassOnly?.score == 92 && glassOnly?.value == nil && glassOnly?.markup == nil)
        let bottle = Insights.insight(wine: scored, listed: ListedWine(prices: [Price(amount: 60, column: .bottle)], vintage: .year(2020)),
                                      options: options)
        #expect(bottle?.markup == 3, "the list currency the user gave stands in for the one the list does not print")
        #expect(bottle?.value == 92.0 / 60)
        var unscored = scored
        unscored.score = nil
        let none = Insights.insight(wine: unscored, listed: ListedWine(prices: [Price(amount: 60, column: .bottle)], vintage: .year(2020)),
                                    options: options)
        #expect(none?.value == nil && none?.score == nil && none?.markup == 3)
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
