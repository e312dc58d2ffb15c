import Catalogue
import DecantTestSupport
import Entries
import Foundation
import Imaging
import Reporting
import Testing

/// The review page as the place to choose a bottle: a made-up list's insights (computed by the real
/// rules), rendered, opened in headless Chromium with its filters and sort clicked through the URL,
/// and the rows left visible counted.
@Suite(.serialized) struct ReviewPageChoosingTests {
    let scratch = TemporaryFolder("decant-e2e-choose")

    struct Listed {
        var text: String
        var colour: WineColour
        var vintage: Vintage
        var bottle: Double
        var wine: Wine?
    }

    static let list: [Listed] = [
        Listed(text: "Barolo Cannubi 2016", colour: .red, vintage: .year(2016), bottle: 150,
               wine: Wine(id: "b16", producer: "Cantina", wine: "Barolo Cannubi", colour: "red", vintage: .year(2016), score: 95,
                          drinkFrom: 2024, drinkTo: 2040, releasePrice: 60, currency: "EUR")),
        Listed(text: "Barolo Cannubi 2021", colour: .red, vintage: .year(2021), bottle: 90,
               wine: Wine(id: "b21", producer: "Cantina", wine: "Barolo Cannubi", colour: "red", vintage: .year(2021), score: 93)),
        Listed(text: "Sancerre 2023", colour: .white, vintage: .year(2023), bottle: 45,
               wine: Wine(id: "s23", producer: "Domaine", wine: "Sancerre", colour: "white", vintage: .year(2023), score: 90)),
        Listed(text: "Muscadet 2023", colour: .white, vintage: .year(2023), bottle: 30,
               wine: Wine(id: "m23", producer: "Domaine", wine: "Muscadet", colour: "white", vintage: .year(2023), score: 86)),
        Listed(text: "Champagne Brut NV", colour: .sparkling, vintage: .nonVintage, bottle: 80,
               wine: Wine(id: "c", producer: "Maison", wine: "Brut", colour: "sparkling", vintage: .nonVintage)),
        Listed(text: "Côtes de Provence Rosé 2024", colour: .rose, vintage: .year(2024), bottle: 35, wine: nil),
    ]

    /// The page's entries with their insights as a run in 2026 computes them.
    static func records() -> [EntryRecord] {
        let options = InsightOptions(year: 2026, budget: 50)
        var insights: [EntryInsight?] = list.map { item in
            Insights.insight(wine: item.wine, listed: ListedWine(prices: [Price(amount: item.bottle, column: .bottle)], currency: "€",
                                                                 colour: item.colour, vintage: item.vintage, words: item.text),
                             options: options)
        }
        Insights.markBestValue(&insights)
        return zip(list, insights).enumerated().map { i, pair in
            let (item, insight) = pair
            var entry = WineEntry(firstLine: i * 2, lastLine: i * 2, rawText: "\(item.text) \(Int(item.bottle))",
                                  box: PixelRect(x: 40, y: 40 + i * 60, width: 500, height: 40), name: item.text,
                                  vintage: item.vintage, prices: [Price(amount: item.bottle, column: .bottle)], currency: "€",
                                  ocrConfidence: 92)
            entry.colour = item.colour
            let match = item.wine.map {
                MatchResult(best: MatchCandidate(wineID: $0.id, name: $0.displayName, vintage: $0.vintage, score: 0.95),
                            confidence: 0.95, type: .exact)
            } ?? .noMatch
            return EntryRecord(job: "bistro", image: "list.png", entry: entry, match: match, insight: insight)
        }
    }

    func writePage() throws -> String {
        var record = PageRecord(image: "list.png", job: "bistro")
        record.kind = .winelist
        record.flattenedWidth = 600
        record.flattenedHeight = 500
        let html = JobHTMLReport(job: "bistro", pages: [PageResult(record: record, text: "", entries: Self.records())], budget: 50).render()
        let path = scratch.file("index.html")
        try Data(html.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func thePageNeedsNothingOutsideItself() throws {
        let html = try String(contentsOfFile: try writePage(), encoding: .utf8)
        for outside in ["<script src", "<link", "@import", "src=\"http", "href=\"http", "url(http", "src=\"//", "fetch(", "XMLHttpRequest"] {
            #expect(!html.contains(outside), "the page reaches outside itself: \(outside)")
        }
        #expect(html.components(separatedBy: "<script").count == 2, "one inline script")
        #expect(html.contains("default-src 'none'"), "the content security policy lets nothing load from outside")
        #expect(html.contains("<select id=\"colour\"><option value=\"\">any</option><option value=\"red\">red</option>"
                              + "<option value=\"white\">white</option><option value=\"rose\">rose</option>"
                              + "<option value=\"sparkling\">sparkling</option></select>"))
        #expect(html.contains("estimated from style barolo-barbaresco"))
        #expect(html.contains("non-vintage: sold ready"))
        #expect(html.contains("<td data-v=\"2.5\" class=\"num\">×2.50</td>"), "€150 on the list against a €60 release price")
    }

    @Test(.enabled(if: Chromium.available, "needs Debian's chromium (scripts/setup.sh installs it)"))
    func filtersAndSortChooseABottleInChromium() throws {
        let page = try writePage()
        let records = Self.records()
        let ids = records.indices.map { "e1-\($0 + 1)" }
        func expected(_ keep: (EntryRecord) -> Bool) -> Set<String> { Set(zip(ids, records).filter { keep($0.1) }.map(\.0)) }
        func visible(_ query: String) throws -> Set<String> {
            ReviewReportBrowserTests.visible(try Chromium.dumpDOM(Chromium.url(page, query: query)))
        }

        let all = try Chromium.dumpDOM(Chromium.url(page))
        #expect(ReviewReportBrowserTests.rows(all).count == 6)
        #expect(ReviewReportBrowserTests.visible(all).count == 6)

        let ninety = expected { ($0.insight?.score ?? 0) >= 90 }
        #expect(ninety.count == 3)
        #expect(try visible("filter=score90") == ninety)

        let ready = expected { $0.insight?.drinkStatus == .ready }
        #expect(ready.count == 5, "the 2021 Barolo is too young by its style's window; the NV Champagne is ready")
        #expect(try visible("filter=ready") == ready)

        let best = expected { $0.insight?.bestValue == true }
        #expect(best.count == 2, "one best value per colour that has scores and prices: red and white")
        #expect(try visible("filter=best-value") == best)

        let underBudget = expected { ($0.bottlePrice ?? .infinity) <= 50 }
        #expect(underBudget.count == 3)
        #expect(try visible("filter=budget&budget=50") == underBudget)

        let red = expected { $0.colour == .red }
        #expect(red.count == 2)
        #expect(try visible("colour=red") == red)
        #expect(try visible("filter=score90,ready&colour=red") == ninety.intersection(ready).intersection(red))
        #expect(try visible("filter=score90,ready&colour=red").count == 1)

        // Sorting by score, highest first: the scored rows in score order, the unscored last.
        let sorted = ReviewReportBrowserTests.rows(try Chromium.dumpDOM(Chromium.url(page, query: "sort=-score"))).map(\.id)
        let byScore = zip(ids, records).filter { $0.1.insight?.score != nil }.sorted { ($0.1.insight?.score ?? 0) > ($1.1.insight?.score ?? 0) }.map(\.0)
        #expect(Array(sorted.prefix(byScore.count)) == byScore)
        #expect(Set(sorted.dropFirst(byScore.count)) == Set(ids).subtracting(byScore))
    }
}
