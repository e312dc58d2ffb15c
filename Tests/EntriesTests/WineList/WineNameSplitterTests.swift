import Testing
@testable import Entries

@Suite struct WineVocabularyTests {
    let vocabulary = WineVocabulary.builtIn

    @Test func builtInTablesLoad() {
        #expect(vocabulary.terms(.country).count >= 30)
        #expect(vocabulary.terms(.region).count >= 300)
        #expect(vocabulary.terms(.grape).count >= 150)
        #expect(vocabulary.terms(.cuvee).count >= 30)
    }

    /// Every built-in row parses (a malformed row would be dropped silently by `builtIn`).
    @Test func builtInFilesAreWellFormed() throws {
        for (name, bytes) in [("regions.tsv", PackageResources.regions_tsv), ("grapes.tsv", PackageResources.grapes_tsv),
                              ("terms.tsv", PackageResources.terms_tsv)] {
            _ = try WineVocabulary(tsv: String(decoding: bytes, as: UTF8.self), source: name)
        }
    }

    @Test func matchesWholeWordsOnly() {
        // "Cabernet" alone is no variety; "Research" holds no appellation or grape.
        #expect(vocabulary.matches(in: ["Cabernet"]).isEmpty)
        #expect(vocabulary.matches(in: ["Research", "Station"]).isEmpty)
        #expect(vocabulary.matches(in: ["Caberneternet"]).isEmpty)
        // Pomerol is not found inside Lalande-de-Pomerol, which is its own appellation.
        let m = vocabulary.matches(in: ["Lalande-de-Pomerol"])
        #expect(m.count == 1 && m[0].term(.region)?.name == "Lalande-de-Pomerol")
        #expect(vocabulary.matches(in: ["Tavelle"]).isEmpty)
    }

    @Test func longestMatchWins() {
        let m = vocabulary.matches(in: ["Cabernet", "Sauvignon", "Blanc"])
        #expect(m.first?.term(.grape)?.name == "Cabernet Sauvignon")
        let c = vocabulary.matches(in: ["Chianti", "Classico", "Riserva"])
        #expect(c.first?.term(.region)?.name == "Chianti Classico")
        #expect(c.first?.words == 0..<2)
    }

    @Test func foldsCaseAccentsHyphensAndSaint() {
        #expect(vocabulary.matches(in: ["CHATEAUNEUF", "DU", "PAPE"]).first?.term(.region)?.name == "Châteauneuf-du-Pape")
        #expect(vocabulary.matches(in: ["St-Emilion"]).first?.term(.region)?.name == "Saint-Émilion")
        #expect(vocabulary.matches(in: ["St.", "Emilion"]).first?.term(.region)?.name == "Saint-Émilion")
        #expect(vocabulary.matches(in: ["Saint", "Émilion"]).first?.term(.region)?.canonical == "Saint-Émilion")
        #expect(vocabulary.matches(in: ["Gewurztraminer"]).first?.term(.grape)?.name == "Gewürztraminer")
    }

    @Test func synonymsNameTheirVariety() {
        #expect(vocabulary.matches(in: ["Shiraz"]).first?.term(.grape)?.canonical == "Syrah")
        #expect(vocabulary.matches(in: ["Pinot", "Gris"]).first?.term(.grape)?.canonical == "Pinot Grigio")
        #expect(vocabulary.matches(in: ["Garnacha"]).first?.term(.grape)?.canonical == "Grenache")
    }

    @Test func aTermNeverSpansAComma() {
        let m = vocabulary.matches(in: ["Pinot,", "Noir"])
        #expect(!m.contains { $0.term(.grape)?.name == "Pinot Noir" })
    }

    @Test func userRowsExtendAndOverride() throws {
        var v = WineVocabulary.builtIn
        try v.merge(tsv: "region\tLes Baux-de-Provence\t\tFrance\tProvence\ngrape\tShiraz\n", source: "mine.tsv")
        #expect(v.matches(in: ["Les", "Baux-de-Provence"]).first?.term(.region)?.region == "Provence")
        #expect(v.matches(in: ["Shiraz"]).first?.term(.grape)?.canonical == "Shiraz")
    }

    /// One OCR slip from a table key: an edit in a key of five letters or more, or "ii" for "ü";
    /// never an edit in a shorter key, and never found without `fuzzy`.
    @Test func fuzzyLookUpAllowsOneSlip() {
        #expect(vocabulary.covering(["Cabernot", "Sauvignon"], kind: .grape, fuzzy: true)?.map(\.name) == ["Cabernet Sauvignon"])
        #expect(vocabulary.covering(["Cabernot", "Sauvignon"], kind: .grape) == nil)
        #expect(vocabulary.covering(["Griiner", "Veltliner"], kind: .grape, fuzzy: true)?.map(\.name) == ["Grüner Veltliner"])
        #expect(vocabulary.covering(["Ausrtia"], kind: .country, fuzzy: true) == nil)   // two edits
        #expect(vocabulary.covering(["Austia"], kind: .country, fuzzy: true)?.map(\.name) == ["Austria"])   // one shorter
        #expect(vocabulary.covering(["Austrial"], kind: .country, fuzzy: true)?.map(\.name) == ["Austria"])  // one longer
        // "Cava" is four letters: "Cave" is no slip of it.
        #expect(vocabulary.covering(["Cave"], kind: .region, fuzzy: true) == nil)
    }

    /// A key added after the table was built is found by the fuzzy look-up too.
    @Test func fuzzyLookUpFindsAUsersRow() throws {
        var v = WineVocabulary.builtIn
        try v.merge(tsv: "region\tKremstaler Berg\t\tAustria\n", source: "mine.tsv")
        #expect(v.covering(["Kremstaier", "Berg"], kind: .region, fuzzy: true)?.map(\.name) == ["Kremstaler Berg"])
    }

    /// The byte-wise fold of plain ASCII gives the keys Foundation's folding gives.
    @Test func foldedASCIIAgreesWithFoundation() {
        let words = ["Cabernet", "CHATEAU", "St.", "(Napa)", "'15", "\"Reserve\"", "1er", "!?", "", "...", "Mt.Veeder",
                     "a.b.", "Pinot,", "[Bin", "389]", "*", "O'Neill", "Ste-Croix", "x-Y_z", "~tilde~", "Tab\tbed"]
        for word in words {
            #expect(WineVocabulary.fold(word) == WineVocabulary.foldedByFoundation(word), "\(word)")
        }
        // Every printable ASCII character alone and between letters.
        for byte in UInt8(0x20)...UInt8(0x7E) {
            let c = String(UnicodeScalar(byte))
            for word in [c, "A" + c + "b", c + "Zz" + c] {
                #expect(WineVocabulary.fold(word) == WineVocabulary.foldedByFoundation(word), "\(word)")
            }
        }
    }

    @Test func badRowsNameFileAndLine() {
        #expect(throws: EntriesError(file: "mine.tsv", line: 2, "first column must be one of country, region, grape, cuvee, colour, got \"grap\"")) {
            try WineVocabulary(tsv: "grape\tMerlot\ngrap\tSyrah\n", source: "mine.tsv")
        }
        #expect(throws: EntriesError(file: "mine.tsv", line: 1, "region \"Sussex\" needs its country in the fourth column")) {
            try WineVocabulary(tsv: "region\tSussex\n", source: "mine.tsv")
        }
    }
}

@Suite struct WineNameSplitterTests {
    let splitter = WineNameSplitter()

    @Test func producerCommaCuvee() {
        let f = splitter.split(name: "Perrier-Jouët, Belle Époque", details: ["Champagne"])
        #expect(f == WineNameFields(producer: "Perrier-Jouët", wine: "Belle Époque", region: "Champagne", country: "France"))
    }

    @Test func inlineRegionAndCountry() {
        let f = splitter.split(name: "Chateau Sainte Michelle, Eroica Riesling, Washington, USA")
        #expect(f == WineNameFields(producer: "Chateau Sainte Michelle", wine: "Eroica Riesling", region: "Washington",
                                    country: "USA", grapes: ["Riesling"]))
        let g = splitter.split(name: "Cleto Chiarli, Vecchia Modena, Emilia-Romagna, Italy")
        #expect(g.region == "Emilia-Romagna" && g.country == "Italy" && g.wine == "Vecchia Modena")
    }

    @Test func unknownRegionBeforeACountry() {
        let f = splitter.split(name: "Ridgeview, Bloomsbury", details: ["Sussex, England"])
        #expect(f.region == "Sussex" && f.country == "England" && f.producer == "Ridgeview")
        let g = splitter.split(name: "Ridgeview, Bloomsbury", details: ["Weald Downs, England"])
        #expect(g.region == "Weald Downs" && g.country == "England")
    }

    @Test func grapeFirst() {
        let f = splitter.split(name: "Pinot Noir, Laurent-Perrier Cuvée Rosé", details: ["Champagne"])
        #expect(f == WineNameFields(producer: "Laurent-Perrier", wine: "Cuvée Rosé", region: "Champagne", country: "France",
                                    grapes: ["Pinot Noir"]))
        let g = splitter.split(name: "Chardonnay, Ferrari Brut", details: ["Trentino-Alto Adige, Italy"])
        #expect(g.producer == "Ferrari" && g.wine == "Brut" && g.grapes == ["Chardonnay"] && g.region == "Trentino-Alto Adige")
    }

    @Test func cuveeStartsAtAnAppellationOrStyleWord() {
        let f = splitter.split(name: "Domaine Huet Vouvray Le Haut-Lieu Sec")
        #expect(f.producer == "Domaine Huet" && f.wine == "Vouvray Le Haut-Lieu Sec" && f.region == "Loire" && f.country == "France")
        #expect(splitter.split(name: "Ruinart Blanc de Blancs").producer == "Ruinart")
        #expect(splitter.split(name: "La Rioja Alta Gran Reserva 904").producer == "La Rioja Alta")
    }

    /// "Château Margaux" is a producer, not a producer "Château" with the wine "Margaux".
    @Test func appellationBoundToAProducerWord() {
        let f = splitter.split(name: "Château Margaux")
        #expect(f.producer == nil && f.wine == nil)
        #expect(f.region == "Bordeaux")
        #expect(splitter.split(name: "Domaine de Chevalier, Blanc").producer == "Domaine de Chevalier")
        #expect(splitter.split(name: "Domaine de Chevalier Blanc").producer == "Domaine de Chevalier")
        // A style word ending a longer name is no safe boundary: left unsplit.
        #expect(splitter.split(name: "Freixenet Cordon Negro Brut").producer == nil)
    }

    /// A name the vocabulary cannot split is left whole: no guessed producer.
    @Test func leavesUnknownSplitsEmpty() {
        let f = splitter.split(name: "Krug Clos du Mesnil")
        #expect(f.producer == nil && f.wine == nil && f.grapes.isEmpty)
    }

    @Test func ocrSlipsInARegionLineOrLeadingGrape() {
        let f = splitter.split(name: "Griiner Veltliner, Weingut Vogel Smaragd", details: ["Niederésterreich, Austria"])
        #expect(f.grapes == ["Grüner Veltliner"] && f.region == "Niederösterreich" && f.country == "Austria")
        // Not inside a name: "Mellot" is a producer, not a misread Merlot.
        #expect(splitter.split(name: "Alphonse Mellot, La Moussière").grapes.isEmpty)
    }

    @Test func possessivesAndGermanVineyardsBelongToTheWine() {
        #expect(splitter.split(name: "Kendall-Jackson Vintner's Reserve Chardonnay").producer == "Kendall-Jackson")
        let f = splitter.split(name: "Robert Weil Kiedricher Gräfenberg Riesling Spätlese")
        #expect(f.producer == "Robert Weil" && f.wine == "Kiedricher Gräfenberg Riesling Spätlese")
        #expect(splitter.split(name: "Egon Müller Scharzhofberger Riesling Spätlese").producer == "Egon Müller")
    }

    /// Lists name many wines after their appellation or colour: at the end of the name, it is the wine.
    @Test func appellationOrColourEndingTheNameIsTheWine() {
        let f = splitter.split(name: "Pascal Jolivet Sancerre", details: ["Loire, France"])
        #expect(f.producer == "Pascal Jolivet" && f.wine == "Sancerre" && f.region == "Loire")
        let g = splitter.split(name: "Château Smith Haut Lafitte Blanc")
        #expect(g.producer == "Château Smith Haut Lafitte" && g.wine == "Blanc")
        // A broad region ending the name is where the wine is from.
        let h = splitter.split(name: "Cleto Chiarli Vecchia Modena Emilia-Romagna")
        #expect(h.region == "Emilia-Romagna" && h.wine == nil)
    }

    @Test func grapeFirstOverAOneWordProducer() {
        let f = splitter.split(name: "Sauvignon Blanc, Greywacke")
        #expect(f.producer == "Greywacke" && f.wine == "Sauvignon Blanc" && f.grapes == ["Sauvignon Blanc"])
    }

    @Test func countryAfterAFullStopOrBeforeAStrayMark() {
        let f = splitter.split(name: "Philipponnat Clos des Goisses, Champagne. France")
        #expect(f.region == "Champagne" && f.country == "France")
        let g = splitter.split(name: "Graham Beck Brut, Western Cape, South Africa eae")
        #expect(g.region == "Western Cape" && g.country == "South Africa")
        #expect(splitter.split(name: "Beaucastel, Blanc", details: ["Rhéne"]).region == "Rhône")
    }

    @Test func producerWordAloneBeforeACommaIsNoProducer() {
        let f = splitter.split(name: "Domaine, Ramonet Chassagne-Montrachet Premier Cru Les Ruchottes")
        #expect(f.producer == "Domaine Ramonet" && f.wine == "Chassagne-Montrachet Premier Cru Les Ruchottes")
    }

    @Test func dashSeparatesLikeAComma() {
        let f = splitter.split(name: "Bollinger – Special Cuvee")
        #expect(f.producer == "Bollinger" && f.wine == "Special Cuvee")
    }

    /// Words of a tasting note are not a region line.
    @Test func tastingNoteIsNoRegion() {
        let f = splitter.split(name: "Ridge, Monte Bello", details: ["Dark fruit, cedar, long finish"])
        #expect(f.region == nil && f.country == nil)
    }

    @Test func grapeNamesAreWholeWordsInTheWine() {
        let f = splitter.split(name: "Caymus, Special Selection Cabernet Sauvignon, Napa Valley, USA")
        #expect(f.grapes == ["Cabernet Sauvignon"] && f.region == "Napa Valley")
        let g = splitter.split(name: "Research Cellars, Cabernet Reserve")
        #expect(g.grapes.isEmpty)
    }
}
