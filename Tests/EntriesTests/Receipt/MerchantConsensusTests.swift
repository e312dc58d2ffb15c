import Testing
@testable import Entries

@Suite("A job's merchant names settled against each other")
struct MerchantConsensusTests {
    let gardenia = "GARDENIA BAKERIES (KL) SDN BHD"

    @Test func aRareMisreadingTakesTheSpellingReadMostOften() {
        let names: [String?] = [gardenia, gardenia, "GARDENIA BAKERIES (AL) SDN BHD", nil, gardenia, "Gardenia  Bakeries (KL) Sdn Bhd"]
        let fixed = MerchantConsensus.corrections(for: names)
        #expect(fixed == [nil, nil, gardenia, nil, nil, nil])
    }

    @Test func branchesAndOtherShopsStayAsRead() {
        let names: [String?] = ["MR. D.I.Y. (M) SDN BHD", "MR. D.I.Y. (M) SDN BHD", "MR. D.I.Y. (M) SDN BHD",
                                "MR. D.I.Y. (KUCHAI) SDN BHD", "99 SPEED MART S/B", "99 SPEED MART S/B", "AEON CO. (M) BHD"]
        #expect(MerchantConsensus.corrections(for: names).allSatisfy { $0 == nil })
    }

    @Test func shortNamesNeverSettle() {
        // One edit in three letters is a different name, however often the other was read.
        #expect(MerchantConsensus.corrections(for: ["KFC", "KFC", "KFC", "KFO"]) == [nil, nil, nil, nil])
    }

    @Test func theReplacementNeedsTwiceTheSupport() {
        let a = "SANYU STATIONERY SHOP", b = "SANYO STATIONERY SHOP"
        // Two against three: neither is sure enough to overrule the other.
        #expect(MerchantConsensus.corrections(for: [a, a, b, b, b]).allSatisfy { $0 == nil })
        #expect(MerchantConsensus.corrections(for: [a, b, b]) == [b, nil, nil])
    }

    @Test func theSameNamesSettleTheSameWayInAnyOrder() {
        let names: [String?] = [gardenia, "GARDENIA BAKERIES OT) SDN BHD", gardenia, gardenia, gardenia]
        let forward = MerchantConsensus.corrections(for: names)
        let backward = MerchantConsensus.corrections(for: names.reversed())
        #expect(forward == Array(backward.reversed()))
        #expect(forward[1] == gardenia)
    }

    @Test func theReplacementIsTheSpellingReadMostOftenWhateverTheOrder() {
        let mixed = "Gardenia Bakeries (KL) Sdn Bhd"
        let names: [String?] = [mixed, "GARDENIA BAKERIES OT) SDN BHD", gardenia, gardenia, nil]
        #expect(MerchantConsensus.corrections(for: names)[1] == gardenia)
        #expect(MerchantConsensus.corrections(for: names.reversed())[3] == gardenia)
    }
}

@Suite("A job's merchant names settled by their letters")
struct MerchantConsensusSpacingTests {
    @Test func aNameReadLetterSpacedSettlesToItsShop() {
        let shop = "SINAR BAKERIES (JB) SDN BHD"
        let names: [String?] = [shop, shop, "S I N A R BAKE RIES (JB)SDN BHD", shop]
        #expect(MerchantConsensus.corrections(for: names) == [nil, nil, shop, nil])
    }
}
