import Catalogue
import Entries
import Testing

@Suite("Matcher scoring decisions")
struct MatcherTests {
    let matcher = Fixture.matcher

    @Test("an exact line finds its row in its vintage")
    func exactVintage() {
        let r = matcher.match(line: "Dom. Leflaive Puligny-Montrachet 1er Cru Les Pucelles '15 ..... 210")
        #expect(r.matchedID == "leflaive-pucelles-2015")
        #expect(r.type == .exact)
        let other = matcher.match(line: "Dom. Leflaive Puligny-Montrachet 1er Cru Les Pucelles 2016 210")
        #expect(other.matchedID == "leflaive-pucelles-2016")
    }

    @Test("producer words outweigh generic ones")
    func producerOutweighsGenericWords() {
        // Roulot's label shares "Meursault Reserve Estate" with the query; only the producer says Coche-Dury.
        let r = matcher.match(line: "Coche-Dury Meursault Reserve Estate 2017 $180")
        #expect(r.best?.wineID == "coche-meursault-2017")
        // The same cuvée from two producers: the producer decides.
        let s = matcher.match(line: "Etienne Sauzet Puligny-Montrachet 1er Cru Les Pucelles 2016")
        #expect(s.matchedID == "sauzet-pucelles-2016")
    }

    @Test("the right wine in a vintage the catalogue lacks is a vintage variant")
    func vintageVariant() {
        let r = matcher.match(line: "Ch. Margaux 2012 650")
        #expect(r.type == .vintageVariant)
        #expect(r.best?.name == "Château Margaux")
        // The nearest vintage stands in.
        #expect(r.best?.vintage == .year(2010))
    }

    @Test("a row without a vintage stands for every vintage")
    func rowForEveryVintage() {
        let r = matcher.match(line: "Roulot Meursault Reserve Estate 2019")
        #expect(r.matchedID == "roulot-meursault-reserve")
        #expect(r.type == .exact)
        #expect(r.confidence > 0.5)
    }

    @Test("a wine that is not in the catalogue is no match")
    func noMatch() {
        let r = matcher.match(line: "Penfolds Grange Shiraz 2012 $950")
        #expect(r.matchedID == nil)
        #expect(r.type == .none || r.type == .producerOnly)
        #expect(matcher.match(line: "").type == .none)
        #expect(matcher.match(line: "$45.00").type == .none)
    }

    @Test("OCR slips, accents and abbreviations are tolerated")
    func ocrTolerance() {
        #expect(matcher.match(line: "DOM LEFLAIVE PULIGNY-MONTRACHE1 1ER CRU CLAVOI11ON 2016").matchedID == "leflaive-clavoillon-2016")
        #expect(matcher.match(line: "Chateau Palrner 2015").matchedID == "palmer-2015")
        #expect(matcher.match(line: "Krug Grande Cuvee NV 375ml 180").matchedID == "krug-gc")
        #expect(matcher.match(line: "Robert Mondavi Winery Cab Sauv Rsv 2016").matchedID == "mondavi-cs-reserve-2016")
        #expect(matcher.match(line: "RidgeVineyards Monte Bello '14").matchedID == "ridge-monte-bello-2014")
    }

    @Test("entry names from the parser match with the entry's vintage")
    func entryNameAndVintage() {
        let r = matcher.match(name: "Château Margaux", vintage: .year(2015))
        #expect(r.matchedID == "margaux-2015")
        #expect(r.confidence > 0.5)
    }

    @Test("answers carry up to three alternatives and a probability")
    func alternativesAndConfidence() {
        let r = matcher.match(line: "Leflaive Puligny Pucelles 2016")
        #expect(r.alternatives.count <= 3)
        #expect((0...1).contains(r.confidence))
        #expect(r.alternatives.allSatisfy { $0.wineID != r.best?.wineID })
    }

    @Test("a batch on several threads gives the one-thread answers")
    func batchMatchesSerial() async {
        let lines = Fixture.wines.map { "\($0.displayName) \($0.vintage?.description ?? "")" } + ["nothing at all here"]
        let batch = await matcher.match(lines.map { MatchQuery($0) }, workers: 2)
        let serial = lines.map { matcher.match(line: $0) }
        #expect(batch == serial)
        #expect(batch.prefix(Fixture.wines.count).map(\.matchedID) == Fixture.wines.map(\.id))
    }
}

@Suite("Match text")
struct MatchTextTests {
    @Test("accents, case, punctuation and abbreviations fold the same on both sides")
    func folding() {
        let text = MatchText()
        #expect(text.key("Ch. Léoville-Las-Cases") == text.key("CHATEAU LEOVILLE LAS CASES"))
        #expect(text.key("Dom. Leflaive 1er Cru") == text.key("Domaine Leflaive Premier Cru"))
        #expect(text.key("Château d'Yquem") == text.key("Chateau dYquem"))
        #expect(text.tokens("Tertre Rotebœuf") == ["tertre", "roteboeuf"])
    }

    @Test("case-sensitive abbreviations expand only when written in capitals")
    func exactCase() {
        let text = MatchText()
        #expect(text.tokens("Ridge CS 2015").contains("cabernet"))
        #expect(!text.tokens("cs").contains("cabernet"))
    }
}

@Suite("Matcher context words")
struct MatcherContextTests {
    @Test("a region or grape the label shares costs nothing; one it contradicts counts against it")
    func regionAgreement() {
        let m = Fixture.matcher
        let agree = m.match(line: "Ridge Monte Bello 2014, Santa Cruz Mountains Cabernet Sauvignon")
        #expect(agree.matchedID == "ridge-monte-bello-2014")
        let plain = m.match(line: "Ridge Monte Bello 2014")
        let contradict = m.match(line: "Ridge Monte Bello 2014, Dry Creek Valley Zinfandel")
        #expect((agree.best?.score ?? 0) >= (plain.best?.score ?? 0) - 0.02)
        #expect((contradict.best?.score ?? 0) < (agree.best?.score ?? 0))
    }
}
