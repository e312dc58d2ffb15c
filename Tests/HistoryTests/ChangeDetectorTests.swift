import Entries
import Testing
@testable import History

@Suite struct ChangeDetectorTests {
    @Test func reportsExactlyTheRemovedAddedPriceAndVintageChanges() {
        let changes = ChangeDetector.changes(previous: Fixture.job(Fixture.nightOne), current: Fixture.job(Fixture.nightTwo))
        #expect(changes.count == 4, "\(changes)")
        let byKind = Dictionary(grouping: changes, by: \.kind)
        #expect(byKind[.removed]?.map(\.wineID) == ["dc-0100"])
        #expect(byKind[.removed]?.first?.old == "bottle 95")
        #expect(byKind[.added]?.map(\.wineID) == ["dc-0300"])
        #expect(byKind[.added]?.first?.new == "bottle 240")
        #expect(byKind[.added]?.first?.image == "page-2.png")
        let price = try? #require(byKind[.priceChanged]?.first)
        #expect(byKind[.priceChanged]?.count == 1)
        #expect(price?.wineID == "dc-0003")
        #expect(price?.column == "bottle")
        #expect(price?.old == "80" && price?.new == "85")
        let vintage = byKind[.vintageChanged]
        #expect(vintage?.count == 1)
        #expect(vintage?.first?.wineID == "dc-0001")
        #expect(vintage?.first?.old == "2019" && vintage?.first?.new == "2020")
    }

    @Test func unchangedNightReportsNothingWhateverTheOrderOrPage() {
        var shuffled = Fixture.nightOne.reversed().map { $0 }
        shuffled[0].image = "page-9.png" // the same wine photographed on another page
        #expect(ChangeDetector.changes(previous: Fixture.job(Fixture.nightOne), current: Fixture.job(shuffled)).isEmpty)
    }

    @Test func firstSightingOfAJobIsOnlyNewJob() {
        let changes = ChangeDetector.changes(previous: nil, current: Fixture.job(Fixture.nightOne, name: "osteria"))
        #expect(changes == [Change(kind: .newJob, name: "osteria")])
    }

    @Test func twoVintagesOfOneWinePairByVintage() {
        let old = [Fixture.wine("Château Musar", id: "m", vintage: 2015, prices: [(.bottle, 120)]),
                   Fixture.wine("Château Musar", id: "m", vintage: 2016, prices: [(.bottle, 95)])]
        // The 2016 stays at 95 (nothing to report); the 2015 gave way to the 2017.
        let new = [Fixture.wine("Château Musar", id: "m", vintage: 2017, prices: [(.bottle, 98)]),
                   Fixture.wine("Château Musar", id: "m", vintage: 2016, prices: [(.bottle, 95)])]
        let changes = ChangeDetector.changes(previous: Fixture.job(old), current: Fixture.job(new))
        #expect(changes.map(\.kind) == [.vintageChanged, .priceChanged])
        #expect(changes.first?.old == "2015" && changes.first?.new == "2017")
        #expect(changes.last?.old == "120" && changes.last?.new == "98")
    }

    @Test func oneOfTwoVintagesDroppedIsARemoval() {
        let old = [Fixture.wine("Château Musar", id: "m", vintage: 2015), Fixture.wine("Château Musar", id: "m", vintage: 2016)]
        let new = [Fixture.wine("Château Musar", id: "m", vintage: 2016)]
        let changes = ChangeDetector.changes(previous: Fixture.job(old), current: Fixture.job(new))
        #expect(changes.map(\.kind) == [.removed])
        #expect(changes.first?.vintage == .year(2015))
    }

    @Test func bottleSizesAreSeparateWines() {
        let old = [Fixture.wine("Pol Roger Brut", id: "p", prices: [(.bottle, 90)]),
                   Fixture.wine("Pol Roger Brut", id: "p", size: 1500, prices: [(.magnum, 190)])]
        let new = [Fixture.wine("Pol Roger Brut", id: "p", size: 750, prices: [(.bottle, 90)]),
                   Fixture.wine("Pol Roger Brut", id: "p", size: 1500, prices: [(.magnum, 210)])]
        let changes = ChangeDetector.changes(previous: Fixture.job(old), current: Fixture.job(new))
        #expect(changes.count == 1)
        #expect(changes.first?.kind == .priceChanged)
        #expect(changes.first?.bottleSizeML == 1500)
        #expect(changes.first?.column == "magnum" && changes.first?.old == "190" && changes.first?.new == "210")
    }

    @Test func ocrNoiseInAnUnmatchedNameIsTheSameWine() {
        let old = [Fixture.wine("Domaine de la Pepiere Muscadet Clos des Briords", prices: [(.bottle, 38)])]
        let new = [Fixture.wine("Domaine de la Pepiere Muscadet C1os des Bri0rds", prices: [(.bottle, 40)])]
        let changes = ChangeDetector.changes(previous: Fixture.job(old), current: Fixture.job(new))
        #expect(changes.map(\.kind) == [.priceChanged])
        #expect(changes.first?.old == "38" && changes.first?.new == "40")
    }

    @Test func aWineMatchedOneNightAndMisreadTheNextIsTheSameWine() {
        let old = [Fixture.wine("Catena Zapata Catena Alta Malbec", id: "dc-0003", prices: [(.bottle, 80)])]
        var misread = Fixture.wine("Catena Zapata Catena A1ta Ma1bec", prices: [(.bottle, 80)])
        misread.wineName = nil
        #expect(ChangeDetector.changes(previous: Fixture.job(old), current: Fixture.job([misread])).isEmpty)
    }

    @Test func differentUnmatchedWinesAreRemovedAndAdded() {
        let old = [Fixture.wine("Mas de Daumas Gassac Rouge")]
        let new = [Fixture.wine("Domaine Gauby Vieilles Vignes Blanc")]
        let changes = ChangeDetector.changes(previous: Fixture.job(old), current: Fixture.job(new))
        #expect(changes.map(\.kind).sorted { $0.rawValue < $1.rawValue } == [.added, .removed])
    }

    @Test func twoCatalogueWinesWithSimilarNamesAreNotMerged() {
        let old = [Fixture.wine("Domaine Leflaive Bourgogne Blanc", id: "a")]
        let new = [Fixture.wine("Domaine Leflaive Bourgogne Blanc.", id: "b")]
        let changes = ChangeDetector.changes(previous: Fixture.job(old), current: Fixture.job(new))
        #expect(changes.map(\.kind).sorted { $0.rawValue < $1.rawValue } == [.added, .removed])
    }

    @Test func perVintageCatalogueRowsRollOverAsAVintageChange() {
        var old = Fixture.wine("Château Musar", id: "musar-2015", vintage: 2015)
        old.wineVintage = .year(2015)
        var new = Fixture.wine("Château Musar", id: "musar-2016", vintage: 2016)
        new.wineVintage = .year(2016)
        let changes = ChangeDetector.changes(previous: Fixture.job([old]), current: Fixture.job([new]))
        #expect(changes.map(\.kind) == [.vintageChanged])
        #expect(changes.first?.wineID == "musar-2016")
    }

    @Test func entriesOfAFailedImageAreNeitherRemovedNorAdded() {
        let old = [Fixture.wine("Château Musar", id: "m", image: "page-1.png"), Fixture.wine("Pol Roger Brut", id: "p", image: "page-2.png")]
        let new = [Fixture.wine("Château Musar", id: "m", image: "page-1.png")]
        let images = [HistoryImage(name: "page-1.png"), HistoryImage(name: "page-2.png", error: "page-2.png: file is empty (0 bytes)")]
        #expect(ChangeDetector.changes(previous: Fixture.job(old), current: Fixture.job(new, images: images)).isEmpty)
        // Without the failure, the champagne was dropped.
        #expect(ChangeDetector.changes(previous: Fixture.job(old), current: Fixture.job(new)).map(\.kind) == [.removed])
    }

    @Test func aMissedColumnHeaderIsNotEveryPriceChanging() {
        let old = [Fixture.wine("Château Musar", id: "m", prices: [(.glass, 12), (.bottle, 48)])]
        let unread = [Fixture.wine("Château Musar", id: "m", prices: [(.unknown, 12), (.unknown, 48)])]
        #expect(ChangeDetector.changes(previous: Fixture.job(old), current: Fixture.job(unread)).isEmpty)
        let raised = [Fixture.wine("Château Musar", id: "m", prices: [(.unknown, 12), (.unknown, 50)])]
        let changes = ChangeDetector.changes(previous: Fixture.job(old), current: Fixture.job(raised))
        #expect(changes.map(\.column) == ["bottle"])
    }

    @Test func marketPriceAndNewColumnsAreChanges() {
        let old = [Fixture.wine("Château Musar", id: "m", prices: [(.bottle, nil)])]
        let new = [Fixture.wine("Château Musar", id: "m", prices: [(.glass, 15), (.bottle, 95)])]
        let changes = ChangeDetector.changes(previous: Fixture.job(old), current: Fixture.job(new))
        #expect(changes.map { "\($0.column ?? ""):\($0.old ?? "—")→\($0.new ?? "—")" } == ["bottle:MP→95", "glass:—→15"])
    }

    @Test func receiptItemsAreNotCompared() {
        var item = Fixture.wine("Malbec bottle", prices: [(.unknown, 30)])
        item.kind = .item
        #expect(ChangeDetector.changes(previous: Fixture.job([item]), current: Fixture.job([])).isEmpty)
    }

    @Test func similarityIsEditDistanceOverLength() {
        #expect(ChangeDetector.similarity("margaux", "margaux") == 1)
        #expect(abs(ChangeDetector.similarity("margaux", "margaox") - 6.0 / 7.0) < 1e-9)
        #expect(ChangeDetector.similarity("", "abc") == 0)
    }

    @Test func identityIsCatalogueIdThenLabelThenName() {
        #expect(WineIdentity(Fixture.wine("Château Musar", id: "dc-0100")).description == "id:dc-0100@750ml")
        var row = Fixture.wine("Château Musar", id: "musar-2015", size: 375)
        row.wineVintage = .year(2015)
        #expect(WineIdentity(row).description == "label:chateau musar@375ml")
        #expect(WineIdentity(Fixture.wine("CHÂTEAU  Musar,")).description == "name:chateau musar@750ml")
    }
}

@Suite struct PriceAlignmentTests {
    func changes(_ old: [(PriceColumn, Double?)], _ new: [(PriceColumn, Double?)]) -> [String] {
        ChangeDetector.changes(previous: Fixture.job([Fixture.wine("Château Musar", id: "m", prices: old)]),
                               current: Fixture.job([Fixture.wine("Château Musar", id: "m", prices: new)]))
            .map { "\($0.column ?? ""):\($0.old ?? "—")→\($0.new ?? "—")" }
    }

    @Test func aPriceReadUnderAnotherColumnIsNotAChange() {
        // One night a price went unread and the other was taken for the bottle; the next both were read without a header.
        #expect(changes([(.bottle, 11)], [(.unknown, 11), (.unknown, 44)]) == ["price-2:—→44"])
    }

    @Test func aLoneUnreadColumnPairsWithTheLoneLeftover() {
        #expect(changes([(.glass, 12), (.bottle, 48)], [(.glass, 12), (.unknown, 52), (.magnum, 99)])
            == ["magnum:—→99", "bottle:48→52"].sorted())
    }

    @Test func aDroppedColumnIsReported() {
        #expect(changes([(.glass, 12), (.bottle, 48)], [(.bottle, 48)]) == ["glass:12→—"])
    }
}
