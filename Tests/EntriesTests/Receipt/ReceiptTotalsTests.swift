import Testing
@testable import Entries

/// Where the bill's totals start and which amount a total label owns, on lines as OCR garbles them.
@Suite struct ReceiptTotalsTests {
    let parser = ReceiptParser(fields: FieldParser(runYear: 2026), dateOrder: .dayFirst)

    @Test func aGarbledItemHeadingDoesNotEndTheItems() {
        // "AMOUHT" reads as "amount", a total word; with no amount on the line it is not where the
        // totals start, so the item below is read and outvotes the misread rounded total (SROIE 000,
        // its labels as OCR read them: a check outweighs a label one step stronger, not two).
        let text = """
        BOOK TA .K (TAMAN DAYA) SDN BHD
        Document No : TD01167104
        PRICE — Dise AMOUHT
        9556939040116 KF MODELLING CLAY KIDDY FISH
        1 PC * 9.000 0.00 9.00
        Total : 9.00
        Rour ding Adjustment ; 0.00
        Round: :d Total (RM): 9.60
        """
        let r = parser.parse(text: text)
        #expect(r.items.map(\.amount) == [9])
        #expect(r.total == 9)
        #expect(r.consistency.consistent)
    }

    @Test func aTotalWhoseAmountIsGarbledDoesNotTakeTheCashBelow() {
        // "25. 3" is the total's own amount, unreadable; "C 50.00" is the cash tendered. The subtotal
        // stands in, vouched for by the item.
        let text = """
        GH DISTRIBUTOR & MARKETING SDN BHD
        2 TAU SAR PNEAH (S) 24PCS @12.50 25.00
        SubTotal 25.00
        Net Tota! 25. 3
        C 50.00
        """
        let r = parser.parse(text: text)
        #expect(r.total == 25)
        // The cash line's amount is never the total label's; it may only be tried as an unlabelled amount.
        #expect(!r.totalCandidates.contains { $0.label.hasPrefix("Net") })
        #expect(r.totalCandidates.first(where: \.chosen)?.fromSubtotal == true)
    }

    @Test func aTotalLabelAloneStillTakesTheAmountPrintedUnderIt() {
        let text = """
        KEDAI ABC
        NASI LEMAK 4.50
        TOTAL (RM):
        4.50
        CASH 10.00
        CHANGE 5.50
        """
        let r = parser.parse(text: text)
        #expect(r.total == 4.5)
        #expect(r.consistency.consistent)
    }

    @Test func totalsPerTaxRateVouchForTheTotalAcrossReadings() {
        // A GST-era bakery slip (SROIE 342): each rate's total is printed twice, and the two readings
        // read "Total Payable" differently. Only 11.68 + 7.63 adds up: the second reading's 19.34 loses.
        func reading(_ payable: String) -> Receipt {
            parser.parse(text: """
                GARDENIA BAKERIES (KL) SDN BHD
                Total 0% supplies: 11.68
                Total 6% supplies (excl. GST): 7.20
                Total 6% supplies (Inc. GST): 7.63
                Total 0% supplies: 11.68
                Total Payable: \(payable)
                """)
        }
        let merged = ReceiptParser.merge([reading("19.34"), reading("19.31")])
        #expect(merged.total == 19.31)
        #expect(merged.consistency.checks.contains { $0.name == "totals per tax rate = total" && $0.passed })
        // The rates only vouch: which lines belong together is a guess, so a miss is no failure.
        let misread = reading("19.34")
        #expect(!misread.consistency.checks.contains { $0.name.hasPrefix("totals per tax rate") })
    }

    @Test func totalsPerTaxRateAddUpToTheTotalBeforeRounding() {
        let r = parser.parse(text: """
            GARDENIA BAKERIES (KL) SDN BHD
            Total 0% supplies: 11.68
            Total 6% supplies (Inc. GST): 7.63
            Rounding Adj -0.01
            Total Payable: 19.30
            """)
        #expect(r.total == 19.3)
        #expect(r.consistency.checks.contains { $0.name == "totals per tax rate + rounding = total" && $0.passed })
    }

    @Test func aRateEndingTheLabelStillLetsItTakeTheAmountUnderIt() {
        let r = parser.parse(text: """
            KEDAI ABC
            NASI LEMAK 25.00
            SUBTOTAL 25.00
            Service Charge 10%
            2.50
            TOTAL 27.50
            """)
        #expect(r.serviceCharge == 2.5)
        #expect(r.consistency.consistent)
    }

    @Test func totalsPerRateAreTriedInPairsAndTriplesOfDifferentAmounts() {
        #expect(ReceiptConsistency.partialSum([22.99, 16.79, 22.90], nearest: 39.78) == 39.78)
        #expect(ReceiptConsistency.partialSum([10, 20, 30], nearest: 60) == 60)
        // One amount, even printed twice, is no sum of rates.
        #expect(ReceiptConsistency.partialSum([11.68, 11.68], nearest: 23.36) == nil)
        #expect(ReceiptConsistency.partialSum([], nearest: 1) == nil)
    }

    @Test func aRoundedTotalFarFromAMisreadTotalIsTakenWhenTheCardPaymentAgrees() {
        // SROIE 186: "Total Sales" misread (48.34 for 45.34); the till prints the rounded total on a
        // line labelled "Rounding", and the card paid exactly that.
        let text = """
            99 SPEED MART S/B
            Total Sales (Inclusive GST) RM 48.34
            Rounding Adjustment RM 01
            Rounding RM 45.35
            CREDIT RM 45.35
            """
        let r = parser.parse(text: text)
        #expect(r.total == 45.35)
        #expect(r.consistency.checks.contains { $0.name == "paid exactly (no change) = total" && $0.passed })
        #expect(!r.problems.contains { $0.hasPrefix("nothing to check") })
        // Without the payment nothing vouches for it, and the labelled total stands.
        let unpaid = parser.parse(text: text.replacingOccurrences(of: "CREDIT RM 45.35", with: ""))
        #expect(unpaid.total == 48.34)
    }

    @Test func noTotalAmountReadThePaymentLessTheChangeIs() {
        let r = parser.parse(text: """
        KEDAI RUNCIT MAJU
        Total Excl GST : RNa
        CASH 50.00
        CHANGE 12.40
        """)
        #expect(r.total == 37.60)
        #expect(r.consistency.consistent)
    }

    @Test func aTotalLabelWithoutItsAmountTakesTheExactPayment() {
        let lines = "STESEN MINYAK JAYA\nItem Qty Amount\nTOTAL AMOUNT\nCASH RM 6.00"
        #expect(parser.parse(text: lines).total == 6)
        // Without the bare total label, cash handed over may be more than the bill: no total.
        #expect(parser.parse(text: "STESEN MINYAK JAYA\nItem Qty Amount\nCASH RM 6.00").total == nil)
    }

    @Test func aRoundingAfterTheLastTotalMakesTheAmountPaid() {
        let rounded = parser.parse(text: "KEDAI MAJU\nTotal Sales (Incl GST 6%) RM 64.13\nRounding Adjustment RM 0.02\nTotal Discount RM 0.00")
        #expect(rounded.total == 64.15)
        // Printed after its rounding, the rounded total is read as printed; a sum off the 5-cent step is no cash total.
        let printed = parser.parse(text: "KEDAI MAJU\nTotal 9.03\nRounding -0.03\nRounded Total 9.00")
        #expect(printed.total == 9.00)
        let offStep = parser.parse(text: "KEDAI MAJU\nTotal 9.03\nRounding 0.01")
        #expect(offStep.total == 9.03)
    }
}
