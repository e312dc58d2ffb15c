import Catalogue
import Entries
import Imaging
@testable import Pipeline
import Reporting
import Testing

@Suite("List insights in job reports")
struct ListInsightsTests {
    func record(_ name: String, _ insight: EntryInsight?) -> EntryRecord {
        let entry = WineEntry(firstLine: 0, lastLine: 0, rawText: name, box: PixelRect(x: 0, y: 0, width: 1, height: 1), name: name)
        return EntryRecord(job: "list", image: "p.jpg", entry: entry, match: nil, insight: insight)
    }

    @Test("best value is marked across every page of a list, then filters keep what they ask for")
    func bestValueAcrossPagesThenFilters() {
        let page1 = PageResult(record: PageRecord(image: "a.jpg", job: "list"), text: nil, entries: [
            record("cheap red", EntryInsight(score: 90, drinkStatus: .ready, colour: "red", value: 1.5)),
            record("dear red", EntryInsight(score: 97, drinkStatus: .tooYoung, colour: "red", value: 0.5)),
        ])
        let page2 = PageResult(record: PageRecord(image: "b.jpg", job: "list"), text: nil, entries: [
            record("better red", EntryInsight(score: 92, drinkStatus: .ready, colour: "red", value: 2.0)),
            record("unmatched", nil),
        ])
        let all = JobPasses.withListInsights([page2, page1], options: InsightOptions(year: 2026))
        #expect(all.flatMap(\.entries).map(\.name) == ["cheap red", "dear red", "better red", "unmatched"])
        #expect(all.flatMap(\.entries).map { $0.insight?.bestValue ?? false } == [false, false, true, false])

        let ready = JobPasses.withListInsights([page1, page2], options: InsightOptions(year: 2026, minScore: 91, readyNow: true))
        #expect(ready.flatMap(\.entries).map(\.name) == ["better red"])
    }

    @Test("entries.csv carries the insight columns")
    func csvColumns() {
        let r = record("x", EntryInsight(score: 93, drinkStatus: .pastPrime, markup: 2.456, value: 1.2, bestValue: true, fitsBudget: .glass))
        let row = Dictionary(uniqueKeysWithValues: zip(EntryRecord.csvHeader, r.csvRow))
        #expect(row["score"] == "93")
        #expect(row["drink_status"] == "past-prime")
        #expect(row["markup"] == "2.46")
        #expect(row["best_value"] == "yes")
        #expect(row["fits_budget"] == "glass")
    }
}

@Suite("Receipts' date order settled by their job")
struct JobDateOrderTests {
    func page(_ image: String, _ text: String) -> PageResult {
        let receipt = ReceiptParser(fields: FieldParser(runYear: 2026)).parse(text: text)
        return PageResult(record: PageRecord(image: image, job: "trip"), text: text, entries: [], receipt: ReceiptRecord(job: "trip", image: image, receipt: receipt))
    }

    @Test("an ambiguous date is read in the order the job's other receipts print")
    func settledByTheJob() throws {
        let pages = JobPasses.withJobDateOrder([page("a.jpg", "CAFE\nDATE 03/04/2018\nTOTAL 9.00"),
                                                page("b.jpg", "BAR\nDATE 25/03/2018\nTOTAL 4.00")])
        let settled = try #require(pages[0].receipt)
        #expect(settled.date == "2018-04-03")
        #expect(!settled.dateAmbiguous)
        #expect(settled.dateOrder == "dmy")
        #expect(settled.dateOrderReason?.contains("25/03/2018") == true)
        #expect(!settled.problems.contains(where: ReceiptParser.isAmbiguousDateProblem))
        #expect(pages[0].writtenRecord.receipt?.date == "2018-04-03")
        #expect(pages[1].receipt?.dateOrder == nil)
    }

    @Test("a job whose receipts print no unambiguous date keeps both readings")
    func nothingSettles() {
        let pages = JobPasses.withJobDateOrder([page("a.jpg", "CAFE\nDATE 03/04/2018\nTOTAL 9.00"),
                                                page("b.jpg", "BAR\nDATE 05/06/2018\nTOTAL 4.00")])
        #expect(pages.allSatisfy { $0.receipt?.dateAmbiguous == true && $0.receipt?.date == nil })
        #expect(pages.allSatisfy { $0.receipt?.problems.contains(where: ReceiptParser.isAmbiguousDateProblem) == true })
    }

    @Test("month-first receipts settle month first")
    func monthFirst() {
        let pages = JobPasses.withJobDateOrder([page("a.jpg", "DINER\nDATE 03/04/2018\nTOTAL 9.00"),
                                                page("b.jpg", "DELI\nDATE 12/25/2018\nTOTAL 4.00")])
        #expect(pages[0].receipt?.date == "2018-03-04")
        #expect(pages[0].receipt?.dateOrder == "mdy")
    }
}
