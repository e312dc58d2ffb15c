import Entries
import Foundation

/// Counts behind entry precision/recall and field accuracy; additive so pages sum to jobs and corpora.
public struct EntryCounts: Sendable, Equatable, Codable {
    public var detected = 0
    public var truth = 0
    public var matched = 0
    public var vintageCorrect = 0
    public var vintageTotal = 0
    public var pricesCorrect = 0
    public var pricesTotal = 0
    /// Prices right in amount and in column meaning wherever the truth gives one, a lone bottle
    /// price included (`pricesCorrect` forgives a lone price's column).
    public var priceColumnsCorrect = 0
    public var catalogueCorrect = 0
    public var catalogueTotal = 0
    public var producerCorrect = 0
    public var producerTotal = 0
    public var bottleSizeCorrect = 0
    public var bottleSizeTotal = 0
    /// Wine (cuvée), region, country and grapes, each counted where the truth's value can be read
    /// from the printed entry (see `EntryMetrics.evaluate`).
    public var wineCorrect = 0
    public var wineTotal = 0
    public var regionCorrect = 0
    public var regionTotal = 0
    public var countryCorrect = 0
    public var countryTotal = 0
    public var grapesCorrect = 0
    public var grapesTotal = 0

    public init() {}

    public var precision: Double { detected == 0 ? (truth == 0 ? 1 : 0) : Double(matched) / Double(detected) }
    public var recall: Double { truth == 0 ? 1 : Double(matched) / Double(truth) }
    public var f1: Double { precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall) }
    public var vintageAccuracy: Double? { Tally(correct: vintageCorrect, total: vintageTotal).accuracy }
    public var priceAccuracy: Double? { Tally(correct: pricesCorrect, total: pricesTotal).accuracy }
    /// Every price with its column meaning (glass, carafe, bottle …): what a list's reader must get right.
    public var priceColumnAccuracy: Double? { Tally(correct: priceColumnsCorrect, total: pricesTotal).accuracy }
    public var catalogueAccuracy: Double? { Tally(correct: catalogueCorrect, total: catalogueTotal).accuracy }
    public var producerAccuracy: Double? { Tally(correct: producerCorrect, total: producerTotal).accuracy }
    public var bottleSizeAccuracy: Double? { Tally(correct: bottleSizeCorrect, total: bottleSizeTotal).accuracy }
    public var wineAccuracy: Double? { Tally(correct: wineCorrect, total: wineTotal).accuracy }
    public var regionAccuracy: Double? { Tally(correct: regionCorrect, total: regionTotal).accuracy }
    public var countryAccuracy: Double? { Tally(correct: countryCorrect, total: countryTotal).accuracy }
    public var grapesAccuracy: Double? { Tally(correct: grapesCorrect, total: grapesTotal).accuracy }

    public static func + (a: EntryCounts, b: EntryCounts) -> EntryCounts {
        var c = EntryCounts()
        c.detected = a.detected + b.detected
        c.truth = a.truth + b.truth
        c.matched = a.matched + b.matched
        c.vintageCorrect = a.vintageCorrect + b.vintageCorrect
        c.vintageTotal = a.vintageTotal + b.vintageTotal
        c.pricesCorrect = a.pricesCorrect + b.pricesCorrect
        c.pricesTotal = a.pricesTotal + b.pricesTotal
        c.priceColumnsCorrect = a.priceColumnsCorrect + b.priceColumnsCorrect
        c.catalogueCorrect = a.catalogueCorrect + b.catalogueCorrect
        c.catalogueTotal = a.catalogueTotal + b.catalogueTotal
        c.producerCorrect = a.producerCorrect + b.producerCorrect
        c.producerTotal = a.producerTotal + b.producerTotal
        c.bottleSizeCorrect = a.bottleSizeCorrect + b.bottleSizeCorrect
        c.bottleSizeTotal = a.bottleSizeTotal + b.bottleSizeTotal
        c.wineCorrect = a.wineCorrect + b.wineCorrect
        c.wineTotal = a.wineTotal + b.wineTotal
        c.regionCorrect = a.regionCorrect + b.regionCorrect
        c.regionTotal = a.regionTotal + b.regionTotal
        c.countryCorrect = a.countryCorrect + b.countryCorrect
        c.countryTotal = a.countryTotal + b.countryTotal
        c.grapesCorrect = a.grapesCorrect + b.grapesCorrect
        c.grapesTotal = a.grapesTotal + b.grapesTotal
        return c
    }

    enum CodingKeys: String, CodingKey {
        case detected, truth, matched, vintageCorrect, vintageTotal, pricesCorrect, pricesTotal, priceColumnsCorrect, catalogueCorrect,
             catalogueTotal, producerCorrect, producerTotal, bottleSizeCorrect, bottleSizeTotal, wineCorrect, wineTotal,
             regionCorrect, regionTotal, countryCorrect, countryTotal, grapesCorrect, grapesTotal
    }

    /// Counts added in later versions default to zero, so older metrics files still load.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func v(_ key: CodingKeys) throws -> Int { try c.decodeIfPresent(Int.self, forKey: key) ?? 0 }
        detected = try v(.detected); truth = try v(.truth); matched = try v(.matched)
        vintageCorrect = try v(.vintageCorrect); vintageTotal = try v(.vintageTotal)
        pricesCorrect = try v(.pricesCorrect); pricesTotal = try v(.pricesTotal)
        priceColumnsCorrect = try v(.priceColumnsCorrect)
        catalogueCorrect = try v(.catalogueCorrect); catalogueTotal = try v(.catalogueTotal)
        producerCorrect = try v(.producerCorrect); producerTotal = try v(.producerTotal)
        bottleSizeCorrect = try v(.bottleSizeCorrect); bottleSizeTotal = try v(.bottleSizeTotal)
        wineCorrect = try v(.wineCorrect); wineTotal = try v(.wineTotal)
        regionCorrect = try v(.regionCorrect); regionTotal = try v(.regionTotal)
        countryCorrect = try v(.countryCorrect); countryTotal = try v(.countryTotal)
        grapesCorrect = try v(.grapesCorrect); grapesTotal = try v(.grapesTotal)
    }
}

/// What Decant found for one entry (or receipt item), reduced to the fields ground truth can check.
public struct EntryObservation: Sendable, Equatable {
    /// The entry's text as recognized (all its lines).
    public var text: String
    public var vintage: Vintage?
    public var prices: [Price]
    /// The catalogue row Decant matched, nil for "not in the catalogue".
    public var catalogueID: String?
    public var producer: String?
    /// The parsed name (producer and wine), used for the producer when no producer was split off.
    public var name: String?
    public var bottleSizeML: Int?
    /// Relative position on the page in reading order, 0 (first) to 1 (last).
    public var position: Double?
    public var wine: String?
    public var region: String?
    public var country: String?
    public var grapes: [String]

    public init(text: String, vintage: Vintage?, prices: [Price], catalogueID: String?, producer: String? = nil,
                name: String? = nil, bottleSizeML: Int? = nil, position: Double? = nil, wine: String? = nil,
                region: String? = nil, country: String? = nil, grapes: [String] = []) {
        self.wine = wine
        self.region = region
        self.country = country
        self.grapes = grapes
        self.text = text
        self.vintage = vintage
        self.prices = prices
        self.catalogueID = catalogueID
        self.producer = producer
        self.name = name
        self.bottleSizeML = bottleSizeML
        self.position = position
    }
}

public enum EntryMetrics {
    /// Amounts within half a cent are the same price.
    static let amountTolerance = 0.005
    static let standardBottleML = 750

    /// Detection counts plus field accuracy on the assigned pairs. Fields are checked where the truth
    /// or the detection states them: a spurious vintage counts as wrong, two silences are not counted.
    /// A price is right when its amount and, where the truth gives one, its column meaning agree. A
    /// bottle size left out means a standard 750 ml bottle. The catalogue match is checked on every
    /// pair: the right id, or no match where the truth says the wine is not in the catalogue.
    public static func evaluate(detected: [EntryObservation], truth: [GroundTruth.Entry]) -> EntryCounts {
        var counts = EntryCounts()
        counts.detected = detected.count
        counts.truth = truth.count
        let pairs = self.pairs(detected: detected, truth: truth)
        counts.matched = pairs.count
        for (d, t) in pairs {
            let found = detected[d], expected = truth[t]
            if found.vintage != nil || expected.vintage != nil {
                counts.vintageTotal += 1
                if found.vintage == expected.vintage { counts.vintageCorrect += 1 }
            }
            for (k, price) in expected.prices.enumerated() {
                counts.pricesTotal += 1
                let candidate = found.prices.first { $0.column == price.column && $0.column != .unknown }
                    ?? (k < found.prices.count ? found.prices[k] : nil)
                if let candidate, sameAmount(candidate.amount, price.amount),
                   price.column == .unknown || candidate.column == price.column || expected.prices.count == 1 {
                    counts.pricesCorrect += 1
                }
                if let candidate, sameAmount(candidate.amount, price.amount), price.column == .unknown || candidate.column == price.column {
                    counts.priceColumnsCorrect += 1
                }
            }
            if let producer = expected.producer {
                counts.producerTotal += 1
                if producerMatches(truth: producer, found: found) { counts.producerCorrect += 1 }
            }
            if found.bottleSizeML != nil || expected.bottleSizeML != nil {
                counts.bottleSizeTotal += 1
                if (found.bottleSizeML ?? standardBottleML) == (expected.bottleSizeML ?? standardBottleML) { counts.bottleSizeCorrect += 1 }
            }
            counts.catalogueTotal += 1
            if found.catalogueID == expected.catalogueID { counts.catalogueCorrect += 1 }
            countFields(found: found, expected: expected, into: &counts)
        }
        return counts
    }

    /// The detected/truth pairs the counts are made from (the review report marks each entry with
    /// its pair's verdict).
    public static func pairs(detected: [EntryObservation], truth: [GroundTruth.Entry]) -> [(detected: Int, truth: Int)] {
        let truthPositions = truth.indices.map { truth.count > 1 ? Double($0) / Double(truth.count - 1) : 0.5 }
        let detectedPositions = detected.allSatisfy { $0.position != nil } ? detected.map { $0.position ?? 0 } : nil
        return EntryAssignment.assign(detected: detected.map(\.text), truth: truth.map(\.text),
                                      detectedPositions: detectedPositions, truthPositions: truthPositions)
    }

    static func sameAmount(_ a: Double?, _ b: Double?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case let (x?, y?): return abs(x - y) < amountTolerance
        default: return false
        }
    }

    /// The producer Decant split off must equal the truth's; when none was split off, the truth's
    /// producer must appear as whole words in the parsed name.
    static func producerMatches(truth: String, found: EntryObservation) -> Bool {
        let expected = FieldText.words(truth)
        guard !expected.isEmpty else { return true }
        if let producer = found.producer { return FieldText.words(producer) == expected }
        let name = FieldText.words(found.name ?? found.text)
        guard name.count >= expected.count else { return false }
        return (0...(name.count - expected.count)).contains { Array(name[$0..<($0 + expected.count)]) == expected }
    }
}

extension EntryMetrics {
    /// Wine, region, country and grapes are checked only where the printed entry holds the truth's
    /// value (its words, abbreviations expanded and accents folded, appear in the entry's text):
    /// the truth names the catalogue's region and every grape of the wine even when the list
    /// prints neither, and no reading of the page can recover what is not on it. A country counts
    /// where it or the region is printed (the region's country is read from the vocabulary). Values
    /// are compared on the same folded words; grapes as a set.
    static func countFields(found: EntryObservation, expected: GroundTruth.Entry, into counts: inout EntryCounts) {
        let printed = FieldText.key(expected.text)
        func readable(_ value: String?) -> Bool {
            guard let value else { return false }
            let k = FieldText.key(value)
            return !k.isEmpty && FieldText.contains(printed, k)
        }
        func same(_ a: String?, _ b: String?) -> Bool {
            guard let a, let b else { return false }
            return FieldText.key(a) == FieldText.key(b)
        }
        if readable(expected.wine) {
            counts.wineTotal += 1
            if same(found.wine, expected.wine) { counts.wineCorrect += 1 }
        }
        if readable(expected.region) {
            counts.regionTotal += 1
            if same(found.region, expected.region) { counts.regionCorrect += 1 }
        }
        if readable(expected.country) || readable(expected.region) {
            counts.countryTotal += 1
            if same(found.country, expected.country) { counts.countryCorrect += 1 }
        }
        if let grapes = expected.grapes, !grapes.isEmpty, grapes.allSatisfy({ readable($0) }) {
            counts.grapesTotal += 1
            if Set(found.grapes.map(FieldText.key)) == Set(grapes.map(FieldText.key)) { counts.grapesCorrect += 1 }
        }
    }
}

/// Field values compared as words: case folded, punctuation dropped, accents kept (an accent OCR
/// lost is an error).
enum FieldText {
    static func words(_ text: String) -> [String] {
        text.precomposedStringWithCanonicalMapping.lowercased()
            .split(whereSeparator: { !($0.isLetter || $0.isNumber) })
            .map(String.init)
    }

    static func same(_ a: String, _ b: String) -> Bool { words(a) == words(b) }

    /// The matching key of a field: abbreviations expanded (as the parser reads them), then words
    /// with case and accents folded ("Dom. Ramonet" and "Domaine Ramonet", "Cuvee" and "Cuvée" agree).
    static func key(_ text: String) -> [String] {
        AbbreviationTable.builtIn.expand(text)
            .folding(options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "en_US_POSIX"))
            .split(whereSeparator: { !($0.isLetter || $0.isNumber) })
            .map(String.init)
    }

    /// Whether `needle` occurs as consecutive words of `haystack`.
    static func contains(_ haystack: [String], _ needle: [String]) -> Bool {
        guard haystack.count >= needle.count else { return false }
        return (0...(haystack.count - needle.count)).contains { Array(haystack[$0..<($0 + needle.count)]) == needle }
    }
}
