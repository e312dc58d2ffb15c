import DecantTestSupport
import Entries
import Foundation
import Imaging
import Testing
@testable import Reporting

@Suite("Receipt reports")
struct ReceiptReportTests {
    func receipt() -> Receipt {
        let items = [
            ReceiptItem(line: 3, rawText: "Espresso 2 x 2.50 5.00", box: PixelRect(x: 0, y: 0, width: 10, height: 10),
                        description: "Espresso", quantity: 2, unitPrice: 2.5, amount: 5),
            ReceiptItem(line: 4, rawText: "Croissant, butter 1.80", box: PixelRect(x: 0, y: 0, width: 10, height: 10),
                        description: "Croissant, butter", amount: 1.8),
        ]
        var r = Receipt(merchant: "CAFE \"NOIR\"", address: "12 RUE DE LA PAIX", phones: ["01 42 00 00 00"],
                        date: "2018-12-25", dateText: "25/12/2018", dateReadings: ["2018-12-25"], currency: "EUR",
                        items: items, subtotal: 6.8, tax: 0.68, total: 7.48)
        r.consistency = ReceiptConsistency.evaluate(r.amounts, total: 7.48).consistency
        return r
    }

    func temporaryDirectory() -> String {
        let dir = NSTemporaryDirectory() + "decant-receipts-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func receiptsAndItemsAreWrittenPerJob() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = receipt()
        let page = PageResult(record: PageRecord(image: "a.jpg", job: "receipts"), text: "x", entries: [],
                              receipt: ReceiptRecord(job: "receipts", image: "a.jpg", receipt: r),
                              items: r.items.enumerated().map {
                                  ReceiptItemRecord(job: "receipts", image: "a.jpg", item: $0.offset + 1, receiptItem: $0.element,
                                                    currency: "EUR", match: nil)
                              })
        try JobReportWriter(directory: dir).write(job: "receipts", pages: [page])
        let receiptsCSV = try CSVRows.parse(try String(contentsOfFile: "\(dir)/receipts.csv", encoding: .utf8))
        #expect(receiptsCSV.count == 2)
        #expect(receiptsCSV[0] == ReceiptRecord.csvHeader)
        let row = Dictionary(uniqueKeysWithValues: zip(receiptsCSV[0], receiptsCSV[1]))
        #expect(row["merchant"] == "CAFE \"NOIR\"")
        #expect(row["total"] == "7.48")
        #expect(row["items"] == "2")
        #expect(row["items_sum"] == "6.80")
        #expect(row["consistent"] == "yes")
        #expect(row["date"] == "2018-12-25")
        let itemsCSV = try CSVRows.parse(try String(contentsOfFile: "\(dir)/items.csv", encoding: .utf8))
        #expect(itemsCSV.count == 3)
        let item = Dictionary(uniqueKeysWithValues: zip(itemsCSV[0], itemsCSV[2]))
        #expect(item["description"] == "Croissant, butter")
        #expect(item["amount"] == "1.80")
        #expect(item["item"] == "2")
        let json = try JSONDecoder().decode(ReceiptsReport.self, from: Data(contentsOf: URL(fileURLWithPath: "\(dir)/receipts.json")))
        #expect(json.receipts.first?.total == 7.48)
        #expect(json.receipts.first?.checks.count == 2)
        let items = try JSONDecoder().decode(ItemsReport.self, from: Data(contentsOf: URL(fileURLWithPath: "\(dir)/items.json")))
        #expect(items.items.map(\.quantity) == [2, nil])
    }

    @Test func wineListJobsWriteNoReceiptFiles() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try JobReportWriter(directory: dir).write(job: "list", pages: [PageResult(record: PageRecord(image: "p.jpg", job: "list"), text: "", entries: [])])
        #expect(!FileManager.default.fileExists(atPath: "\(dir)/receipts.csv"))
        #expect(FileManager.default.fileExists(atPath: "\(dir)/entries.csv"))
    }

    @Test func uncheckedAndInconsistentReceiptsSaySo() {
        var r = Receipt(merchant: "A", total: 9)
        r.problems = ["nothing to check the total against (no subtotal, items or payment read)"]
        let unchecked = Dictionary(uniqueKeysWithValues: zip(ReceiptRecord.csvHeader, ReceiptRecord(job: "j", image: "i", receipt: r).csvRow))
        #expect(unchecked["consistent"] == "unchecked")
        #expect(unchecked["residual"] == "")
        r.subtotal = 8
        r.consistency = ReceiptConsistency.evaluate(r.amounts, total: 9).consistency
        let off = Dictionary(uniqueKeysWithValues: zip(ReceiptRecord.csvHeader, ReceiptRecord(job: "j", image: "i", receipt: r).csvRow))
        #expect(off["consistent"] == "no")
        #expect(off["residual"] == "1.00")
        #expect(off["checks"] == "subtotal = total: off by 1.00")
    }

    @Test func moneyHasTwoDecimals() {
        #expect(Money.format(9) == "9.00")
        #expect(Money.format(-0.02) == "-0.02")
        #expect(Money.format(1250.5) == "1250.50")
    }
}
