import PropertyBased
import Testing
@testable import Entries

/// Properties of `FieldParser.normalize` over generated entry lines: words (plain, abbreviated,
/// words that contain an abbreviation, identifiers with numbers), an optional vintage in any
/// notation, OCR letter-for-digit confusions in the numeric tokens, then prices.
@Suite struct NormalizationPropertyTests {
    static let parser = FieldParser(runYear: 2026)

    /// Plain words, among them words an abbreviation is a prefix or part of.
    static let plainWords = ["Cabernet", "Sauvignon", "Research", "Station", "Chardonnay", "Domaines", "Ott", "Estate", "Reserve",
                             "Château", "Margaux", "Côte-Rôtie", "Penfolds", "Grange", "Ridge", "Monte", "Bello",
                             "Chablis", "Cru", "Dominus", "Cabaret", "Standing", "Estes", "Vieilles", "Vignes", "Clos", "Domaine",
                             "Sonoma", "Coast", "Napa", "Valley", "Sainte", "Saint-Julien", "Zinnia", "Rose", "Roses", "de", "la", "&"]
    /// Abbreviations of the built-in table that spell no digit.
    static let abbreviations = ["Ch.", "Chât.", "Cht", "Dom.", "Dne", "Cab", "Sauv", "CS", "PN", "SB", "Chard", "Zin", "Rsv", "Res.",
                                "Vyd", "Vnyd", "Est.", "GC", "VV", "BdB", "St.", "Ste", "btl", "gls", "mag", "Cab Sauv", "Sauv Blanc",
                                "cs", "pn", "(Dom.", "Ch.,", "Mt."]
    /// Words with digits that are no vintage and no price: their digits must survive.
    static let identifiers = ["Bin 389", "Cask 23", "Édition 171", "20 yr", "No. 5", "Lot 12", "Clone 115", "Block 7", "Batch 3",
                              "Clos l5", "S5", "Parcel 19l5", "Cuvée 2O", "Bin 2015", "Cask 1999", "N° 4"]
    /// Vintages as printed, OCR confusions included.
    static let vintages = ["2015", "2O15", "2Ol9", "'15", "’98", "‘04", "NV", "N.V.", "MV", "1999", "2O2O", "20l8"]
    /// Prices as printed, OCR confusions included.
    static let prices = ["65", "65.00", "65,00", "$65", "65€", "£65", "14 / 56", "12/48", "MP", "1.250,00", "l25", "$1O5",
                         "€ 80,50", "48€", "12O", "1S0"]

    static let vocabulary = plainWords + abbreviations + identifiers
    static let lineGen = zip(Gen.int(in: 0...(vocabulary.count - 1)).array(of: 1...7),
                             Gen.int(in: 0...(vintages.count - 1)).optional,
                             Gen.int(in: 0...(prices.count - 1)).array(of: 0...2))
        .map { words, vintage, prices in
            Line(words: words.map { vocabulary[$0] }, vintage: vintage.map { vintages[$0] }, prices: prices.map { Self.prices[$0] })
        }
    static let plainLineGen = Gen.int(in: 0...(plainWords.count - 1)).array(of: 1...8).map { $0.map { plainWords[$0] } }

    struct Line: Sendable, CustomStringConvertible {
        var words: [String]
        var vintage: String?
        var prices: [String]
        var text: String { (words + [vintage].compactMap { $0 } + prices).joined(separator: " ") }
        var description: String { text }
    }

    @Test func normalizingTwiceChangesNothing() async {
        await propertyCheck(count: 400, input: Self.lineGen) { line in
            let once = Self.parser.normalize(line.text)
            #expect(Self.parser.normalize(once) == once, "input: \(line.text)")
        }
    }

    /// Every digit-bearing token outside the vintage and the prices comes out as it went in, in order.
    @Test func digitsOutsidePricesAndVintagesAreNeverChanged() async {
        func numberedWords(_ text: String) -> [String] {
            Self.parser.roles(text).filter { $0.role == .word && $0.token.contains(where: \.isNumber) }.map(\.token)
        }
        await propertyCheck(count: 400, input: Self.lineGen) { line in
            let before = numberedWords(line.text)
            #expect(numberedWords(Self.parser.normalize(line.text)) == before, "input: \(line.text)")
            // The generated words' numbers are among them: none was taken for a price or the vintage.
            let printed = line.words.flatMap { $0.split(separator: " ").map(String.init) }.filter { $0.contains(where: \.isNumber) }
            #expect(printed.allSatisfy(before.contains), "input: \(line.text)")
        }
    }

    /// Repairs are confined to the typed tokens: prices and the vintage come out as numbers.
    @Test func pricesAndVintagesComeOutAsDigits() async {
        await propertyCheck(count: 400, input: Self.lineGen) { line in
            let roles = Self.parser.roles(Self.parser.normalize(line.text))
            if let vintage = line.vintage, !["NV", "N.V.", "MV"].contains(vintage) {
                let found = roles.first { $0.role == .vintage }?.token
                #expect(found?.allSatisfy { $0.isNumber || FieldParser.apostrophes.contains($0) } == true, "input: \(line.text)")
            }
            for (token, role) in roles where role == .price {
                #expect(!token.contains { "OolIisSZz".contains($0) } || token.uppercased() == "MP", "input: \(line.text)")
            }
        }
    }

    /// An abbreviation is a whole token: the letters of a longer word never change.
    @Test func wordsContainingAnAbbreviationAreKept() async {
        await propertyCheck(count: 300, input: Self.plainLineGen) { words in
            let text = words.joined(separator: " ")
            #expect(Self.parser.abbreviations.expand(text) == text)
        }
    }

    @Test func everyExpansionIsAlreadyNormal() {
        for rule in AbbreviationTable.builtIn.allRules {
            #expect(AbbreviationTable.builtIn.expand(rule.expansion) == rule.expansion, "\(rule.abbreviation) → \(rule.expansion)")
        }
    }
}
