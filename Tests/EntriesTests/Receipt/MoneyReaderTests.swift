import Testing
@testable import Entries

@Suite("MoneyReader")
struct MoneyReaderTests {
    @Test("amounts as receipts print them", arguments: [
        ("9.00", 9.0), ("RM9.00", 9.0), ("$8.20", 8.2), ("1,250.00", 1250.0), ("39,78", 39.78), ("-0.02", -0.02),
        ("(0.02)", -0.02), ("0.02-", -0.02), ("7.50S", 7.5), ("3.50SR", 3.5), ("€12,00", 12.0), ("12,00€", 12.0),
        (".01", 0.01), ("«17.93", 17.93), ("“——\"\"19.00", 19.0), ("<RM_34.80", 34.8), ("RM2.90)", 2.9),
    ])
    func reads(token: String, amount: Double) throws {
        let money = try #require(MoneyReader.money(token))
        #expect(Cents.equal(money.amount, amount))
    }

    @Test func currencyMarks() {
        #expect(MoneyReader.money("RM9.00")?.currency == "MYR")
        #expect(MoneyReader.money("€12,00")?.currency == "EUR")
        #expect(MoneyReader.money("$8.20")?.currency == "$")
        #expect(MoneyReader.currency("(RM)") == "MYR")
        #expect(MoneyReader.currency("£") == "GBP")
        #expect(MoneyReader.currency("TOTAL") == nil)
    }

    @Test("not money", arguments: ["2", "2018", "000689913856", "9.000", "12.5", "TOTAL", "S/B", "6%", "1,2"])
    func rejects(token: String) {
        #expect(MoneyReader.money(token) == nil)
    }

    @Test func currencyMarkedIntegersAreMoney() {
        #expect(MoneyReader.money("RM9")?.amount == 9)
        #expect(MoneyReader.money("9") == nil)
    }

    @Test func ocrLookAlikesInsideAmounts() {
        // Misread currency and digits: "fM1.00" is RM1.00, "O.94" is 0.94, "§5.10" is 55.10.
        #expect(MoneyReader.money("fM1.00")?.amount == 1.0)
        #expect(MoneyReader.money("O.94").map { Cents.equal($0.amount, 0.94) } == true)
        #expect(MoneyReader.money("§5.10").map { Cents.equal($0.amount, 55.10) } == true)
        // Words stay words.
        #expect(MoneyReader.money("SOLD") == nil)
        #expect(MoneyReader.money("BO.OO") == nil)
    }

    @Test func plainNumbersForQuantities() {
        #expect(MoneyReader.number("2") == 2)
        #expect(MoneyReader.number("9.000") == 9)
        #expect(MoneyReader.number("0.345") == 0.345)
        #expect(MoneyReader.number("2x") == 2)
        #expect(MoneyReader.number("PC") == nil)
    }

    @Test func linesSplitIntoLabelAndAmounts() {
        let line = ReceiptLine(index: 0, text: "ROUND D TOTAL (RM): 9.00")
        #expect(line.label == "ROUND D TOTAL")
        #expect(line.amount == 9.0)
        #expect(line.currency == "MYR")
        let glued = ReceiptLine(index: 0, text: "Total After Rounding 48, 95")
        #expect(glued.amount.map { Cents.equal($0, 48.95) } == true)
        let spaced = ReceiptLine(index: 0, text: "TOTAL AMOUNT DUE 250 .00")
        #expect(spaced.amount == 250)
        let item = ReceiptLine(index: 0, text: "201026 SCONE - M 1 7.50 0 7.50 S")
        #expect(item.numbers == [1, 7.5, 0, 7.5])
        #expect(item.label == "201026 SCONE - M")
    }

    @Test func twoLabelledAmountsOnOneRowAreSplit() {
        let parts = ReceiptLine(index: 3, text: "Total Saving 0.00 Total 77.20").segments()
        #expect(parts.map(\.label) == ["Total Saving", "Total"])
        #expect(parts.map(\.amount) == [0, 77.2])
        #expect(parts.allSatisfy { $0.index == 3 })
    }
}
