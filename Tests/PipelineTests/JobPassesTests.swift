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

/// The same receipt photographed twice, reported once; made-up receipts.
@Suite("Receipts photographed twice in a job")
struct DuplicateReceiptTests {
    func page(_ image: String, merchant: String?, date: String? = "2026-03-14", time: String? = "18:17:42", total: Double? = 23.5,
              items: [Double] = [], taken: String? = nil) -> PageResult {
        let parser = ReceiptParser(fields: FieldParser(runYear: 2026), dateOrder: .dayFirst)
        var receipt = parser.parse(text: "")
        receipt.merchant = merchant
        receipt.date = date
        receipt.time = time
        receipt.total = total
        receipt.items = items.map { ReceiptItem(line: 0, rawText: "item", box: PixelRect(x: 0, y: 0, width: 1, height: 1), description: "item", amount: $0) }
        var record = PageRecord(image: image, job: "trip")
        record.taken = taken
        return PageResult(record: record, text: nil, entries: [], receipt: ReceiptRecord(job: "trip", image: image, receipt: receipt),
                          items: [])
    }

    @Test func theLaterPhotoIsKeptAndNamesTheOther() {
        let pages = [page("IMG_0101.jpg", merchant: "KEDAI MAJU SDN BHD"), page("IMG_0090.jpg", merchant: "KEDAl MAJU SDN BHD"),
                     page("IMG_0102.jpg", merchant: "SINAR BAKERY")]
        let out = JobPasses.withDuplicateReceipts(pages)
        #expect(out[0].receipt?.duplicatePhotos == ["IMG_0090.jpg"])
        #expect(out[1].receipt?.duplicateOf == "IMG_0101.jpg")
        #expect(out[1].receipt?.merchant == "KEDAI MAJU SDN BHD")
        #expect(out[1].record.warnings.contains { $0.contains("IMG_0101.jpg") })
        #expect(out[2].receipt?.duplicatePhotos == nil)
    }

    @Test func theCaptureTimeDecidesWhichIsLater() {
        let pages = [page("b.jpg", merchant: "KEDAI MAJU", taken: "2026-03-14T18:20:00"),
                     page("a.jpg", merchant: "KEDAI MAJU", taken: "2026-03-14T18:25:00")]
        let out = JobPasses.withDuplicateReceipts(pages)
        #expect(out[0].receipt?.duplicateOf == "a.jpg")
        #expect(out[1].receipt?.duplicatePhotos == ["b.jpg"])
    }

    @Test func differentPurchasesStayApart() {
        // Another time of day, another total, another shop, another date: two purchases.
        for other in [page("b.jpg", merchant: "KEDAI MAJU", time: "19:02"), page("b.jpg", merchant: "KEDAI MAJU", total: 23.15),
                      page("b.jpg", merchant: "SINAR BAKERY"), page("b.jpg", merchant: "KEDAI MAJU", date: "2026-03-15")] {
            let out = JobPasses.withDuplicateReceipts([page("a.jpg", merchant: "KEDAI MAJU"), other])
            #expect(out.allSatisfy { $0.receipt?.duplicateOf == nil && $0.receipt?.duplicatePhotos == nil })
        }
        // Without a time or a bill number, nothing shows one purchase: two coffees on one day stay two.
        let sameItems = [page("a.jpg", merchant: "KEDAI MAJU", time: nil, items: [20, 3.5]),
                         page("b.jpg", merchant: "KEDAI MAJU", time: nil, items: [3.5, 20])]
        #expect(JobPasses.withDuplicateReceipts(sameItems).allSatisfy { $0.receipt?.duplicateOf == nil })
        // Nor does a time alone, without a merchant read on both.
        let noName = [page("a.jpg", merchant: nil), page("b.jpg", merchant: "KEDAI MAJU")]
        #expect(JobPasses.withDuplicateReceipts(noName).allSatisfy { $0.receipt?.duplicateOf == nil })
    }

    @Test func thePassAppliedTwiceNamesEachPhotoOnce() {
        let once = JobPasses.withDuplicateReceipts([page("a.jpg", merchant: "KEDAI MAJU"), page("b.jpg", merchant: "KEDAI MAJU")])
        let twice = JobPasses.withDuplicateReceipts(once)
        #expect(twice[1].receipt?.duplicatePhotos == ["a.jpg"])
        #expect(twice[0].record.warnings.count == 1)
    }

    @Test func fileNamesAreComparedAsNumbers() {
        let out = JobPasses.withDuplicateReceipts([page("IMG_10000.jpg", merchant: "KEDAI MAJU"), page("IMG_9999.jpg", merchant: "KEDAI MAJU")])
        #expect(out[1].receipt?.duplicateOf == "IMG_10000.jpg")
    }
}

@Suite("Receipts photographed twice: their bill numbers")
struct DuplicateReceiptReferenceTests {
    @Test func billNumbersAreReadFromTheirLabels() {
        let text = "SINAR STATIONERY\nGST ID No: 001531760640\nINV NO: CS-SA-0097493 Date: 19/07/2017\nTel: 03-1234 5678"
        #expect(ReceiptDuplicates.references(in: text) == ["0097493"])
        #expect(ReceiptDuplicates.references(in: "7 DAY WITH RECEIPT.\nTOTAL 5.00").isEmpty)
    }

    @Test func differentBillNumbersOrAmountsHandedOverKeepTwoPurchasesApart() {
        let tests = DuplicateReceiptTests()
        var a = tests.page("a.jpg", merchant: "SINAR STATIONERY", time: nil, items: [5])
        var b = tests.page("b.jpg", merchant: "SINAR STATIONERY", time: nil, items: [5])
        a.text = "INV NO: CS-SA-0097491"
        b.text = "INV NO: CS-SA-0097493"
        #expect(JobPasses.withDuplicateReceipts([a, b]).allSatisfy { $0.receipt?.duplicateOf == nil })
        b.text = "INV NO: CS-SA-0097491"
        #expect(JobPasses.withDuplicateReceipts([a, b])[0].receipt?.duplicateOf == "b.jpg")
        a.receipt?.tendered = 5
        b.receipt?.tendered = 100
        #expect(JobPasses.withDuplicateReceipts([a, b]).allSatisfy { $0.receipt?.duplicateOf == nil })
    }
}
