import Testing
@testable import Entries

@Suite struct PriceSignsTests {
    @Test func aPageOfBarePricesReadsSignsAmongDigitsAsTheDigitsTheyResemble() {
        let signs = PriceSigns(currencies: Array(repeating: nil, count: 20) + ["$"])
        #expect(signs.style == .bare)
        #expect(signs.repaired("$2") == "52")
        #expect(signs.repaired("1$2") == "152")
        #expect(signs.repaired("&2") == "82")
        #expect(signs.repaired("12/$4") == nil)   // a slash pair is not one price: left as read
        #expect(signs.repaired("&") == nil)       // no digit: "Moët & Chandon"
        #expect(signs.repaired("72") == nil)      // nothing to repair
        #expect(signs.repaired("S4") == "54")     // a leading S is a five where no price has a sign
        #expect(signs.repaired("s12") == "512")
        #expect(signs.repaired("Syrah") == nil)   // no digit
        #expect(signs.repaired("St5") == nil)     // not a price even as "5t5"
        #expect(signs.repaired("2015$9") == nil)  // five digits: no wine-list price
    }

    @Test func aPageOfDollarPricesReadsALeadingSAsTheSign() {
        let signs = PriceSigns(currencies: Array(repeating: "$", count: 12))
        #expect(signs.style == .signed("$"))
        #expect(signs.repaired("S34") == "$34")
        #expect(signs.repaired("s120") == "$120")
        #expect(signs.repaired("Syrah") == nil)
        #expect(signs.repaired("$2") == nil)      // a $ page's "$2" is as printed
    }

    @Test func aPageOfPoundPricesReadsALeadingEAsThePoundAndLettersAfterItAsDigits() {
        let signs = PriceSigns(currencies: Array(repeating: "£", count: 8))
        #expect(signs.repaired("ES8") == "£58")
        #expect(signs.repaired("Est.") == nil)
    }

    @Test func aPageOfEuroPricesReadsACentSignAfterTheAmountAsTheEuro() {
        let signs = PriceSigns(currencies: Array(repeating: "€", count: 10))
        #expect(signs.style == .signed("€"))
        #expect(signs.repaired("42¢") == "42€")
        #expect(signs.repaired("¢") == "€")         // "114 ¢": the mark stands alone after the amount
        #expect(signs.repaired("4¢2") == nil)       // a mark inside the digits is no sign
        #expect(signs.repaired("42") == nil)
        // Only the sign the page prints: a $ page's "¢" is left as read.
        #expect(PriceSigns(currencies: Array(repeating: "$", count: 10)).repaired("42¢") == nil)
        #expect(PriceSigns(currencies: Array(repeating: nil, count: 10)).repaired("¢") == nil)
    }

    @Test func withoutAHabitNothingIsRepaired() {
        // Too few prices, or no sign used by most of them.
        #expect(PriceSigns(currencies: [nil, nil, nil]).style == .undecided)
        #expect(PriceSigns(currencies: Array(repeating: nil, count: 6) + Array(repeating: "$", count: 4)).style == .undecided)
        #expect(PriceSigns(currencies: Array(repeating: "CHF", count: 10)).style == .undecided)
        #expect(PriceSigns(style: .undecided).repaired("$2") == nil)
    }
}
