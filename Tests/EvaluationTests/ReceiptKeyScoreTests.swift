import BenchKit
import DecantTestSupport
import Entries
import Foundation
import Testing
@testable import Evaluation

@Suite("Receipt key fields scoring")
struct ReceiptKeyScoreTests {
    let truth = ReceiptKeyTruth(company: "BOOK TA .K (TAMAN DAYA) SDN BHD", date: "25/12/2018",
                                address: "NO.53 55,57 & 59, JALAN SAGU 18, TAMAN DAYA, 81100 JOHOR BAHRU, JOHOR.", total: "RM 9.00")

    @Test func exactMatchesAfterNormalizing() {
        let score = ReceiptKeyScore(merchant: "book ta .k(taman daya) sdn bhd", address: truth.address, date: "2018-12-25",
                                    total: 9, truth: truth, order: .dayFirst)
        #expect(score.totalCorrect)
        #expect(score.dateCorrect)
        // Spacing differs ("TA .K(TAMAN" vs "TA .K (TAMAN"): equal once white space is removed, not when only collapsed.
        #expect(score.companyCorrect)
        #expect(!score.companyCorrectStrict)
        #expect(score.addressF1 == 1)
    }

    @Test func wrongFields() {
        let score = ReceiptKeyScore(merchant: "BOOK TA .K (TAMAN DAYA) SDN BND", address: "JALAN SAGU 18", date: "2018-12-24",
                                    total: 9.01, truth: truth, order: .dayFirst)
        #expect(!score.totalCorrect)
        #expect(!score.dateCorrect)
        #expect(!score.companyCorrect)
        // 3 of 3 read tokens are right, 3 of 14 expected tokens were read: F1 = 2·1·(3/14) / (1 + 3/14) = 6/17.
        #expect(abs(score.addressF1 - 6.0 / 17.0) < 1e-9)
    }

    @Test func nothingRead() {
        let score = ReceiptKeyScore(merchant: nil, address: nil, date: nil, total: nil, truth: truth, order: .dayFirst)
        #expect(!score.totalCorrect && !score.dateCorrect && !score.companyCorrect)
        #expect(score.addressF1 == 0)
        let summary = ReceiptKeySummary([score])
        #expect(summary.totalAccuracy == 0)
        #expect(ReceiptKeySummary([]).addressF1 == 0)
    }

    @Test func truthAmountsAndDates() {
        #expect(ReceiptKeyScore.amount("$8.20") == 8.2)
        #expect(ReceiptKeyScore.amount("RM 29.70") == 29.7)
        #expect(ReceiptKeyScore.amount("43.7") == 43.7)
        #expect(ReceiptKeyScore.sameDate("2016-10-03", "OCT 3, 2016", order: .dayFirst))
        #expect(ReceiptKeyScore.sameDate("2018-03-05", "5/3/2018", order: .dayFirst))
        #expect(!ReceiptKeyScore.sameDate("2018-05-03", "5/3/2018", order: .dayFirst))
    }

    @Test func boxRowsAreJoinedLeftToRight() {
        let csv = """
        245,639,293,639,293,658,245,658,TOTAL:
        401,641,443,641,443,657,401,657,9.00
        50,82,440,82,440,121,50,121,BOOK TA .K(TAMAN DAYA) SDN BND
        110,144,383,144,383,163,110,163,NO.53 55,57 & 59, JALAN SAGU 18,
        """
        #expect(SROIEDataset.transcriptLines(csv) == [
            "BOOK TA .K(TAMAN DAYA) SDN BND", "NO.53 55,57 & 59, JALAN SAGU 18,", "TOTAL: 9.00",
        ])
    }

    @Test(.enabled(if: SharedData.sroieAvailable, "needs ../shared/data/sroie"))
    func sroieKeysAreReadable() throws {
        let dataset = try SROIEDataset.load(directory: SharedData.path("data/sroie"))
        #expect(dataset.receipts.count >= 100, "the shared set holds 200 receipts")
        for receipt in dataset.receipts {
            // Every key has a total that reads as an amount and a date that reads as one day (day first).
            #expect(ReceiptKeyScore.amount(receipt.key.total) != nil, "\(receipt.name): total \(receipt.key.total)")
            #expect(DateReader.firstDate(in: receipt.key.date, order: .dayFirst)?.iso != nil, "\(receipt.name): date \(receipt.key.date)")
            #expect(receipt.transcript?.isEmpty == false)
        }
    }

    @Test func missingDataSetIsATypedError() {
        #expect(throws: GroundTruthError.self) { try SROIEDataset.load(directory: "/nonexistent/sroie") }
    }
}
