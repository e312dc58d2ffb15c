import Testing
@testable import Entries

@Suite struct MerchantSpellingTests {
    let slip = [
        "SANYO STATIONERY SHOP",
        "NO. 31G&33G, JALAN SETIA INDAH X ,U13/X",
        "SANYU SUPPLY SDN BHD (1135772-K)",
        "TOTAL 7.50",
        "Follow us in Facebook: Sanyu.Stationery",
    ]

    @Test func aLogoMisreadIsRespelledByTheBodyType() {
        #expect(MerchantSpelling.corroborated("SANYO STATIONERY SHOP", by: slip) == "SANYU STATIONERY SHOP")
        // The case of the name as read is kept.
        #expect(MerchantSpelling.corroborated("Sanyo Stationery Shop", by: slip) == "Sanyu Stationery Shop")
    }

    @Test func theMerchantsOwnLineIsNoEvidence() {
        // Another reading of the name line itself ("SANYU STATIONERY SHOP") does not count: only one
        // other occurrence of SANYU is left, and one is not enough.
        let lines = ["SANYU STATIONERY SHOP", "SANYU SUPPLY SDN BHD", "TOTAL 7.50"]
        #expect(MerchantSpelling.corroborated("SANYO STATIONERY SHOP", by: lines) == "SANYO STATIONERY SHOP")
    }

    @Test func aSpellingPrintedElsewhereStays() {
        // SANYO is also printed in the body: both spellings exist, nothing is changed.
        let lines = slip + ["Powered by SANYO"]
        #expect(MerchantSpelling.corroborated("SANYO STATIONERY SHOP", by: lines) == "SANYO STATIONERY SHOP")
    }

    @Test func shortWordsAndFarSpellingsStay() {
        // "SHOP" has four letters; "SANTA" is two letters from "SANYO".
        let lines = ["SHIP SHIP SHIP", "SANTA SANTA", "TOTAL 1.00"]
        #expect(MerchantSpelling.corroborated("SANYO STATIONERY SHOP", by: lines) == "SANYO STATIONERY SHOP")
    }

    @Test func onlyLinesAboutTheShopAreEvidence() {
        // "PRICE" twice on the slip, but on lines that share nothing with the name: "PRIME" stays.
        let lines = ["PRIME BURGER", "ITEM QTY U.PRICE AMOUNT", "Member Price applied", "TOTAL 12.00"]
        #expect(MerchantSpelling.corroborated("PRIME BURGER", by: lines) == "PRIME BURGER")
    }
}
