import Testing
@testable import Entries

@Suite struct AbbreviationTableTests {
    let table = AbbreviationTable.builtIn

    @Test func builtInTableLoads() {
        #expect(table.count > 40)
    }

    @Test(arguments: [
        ("Ch. Margaux", "Château Margaux"),
        ("Chât. Latour", "Château Latour"),
        ("Dom. Leflaive", "Domaine Leflaive"),
        ("Cab Sauv, Napa Valley", "Cabernet Sauvignon, Napa Valley"),
        ("Puligny 1er Cru", "Puligny Premier Cru"),
        ("Puligny 1er", "Puligny Premier Cru"),
        ("Meursault VV", "Meursault Vieilles Vignes"),
        ("St. Julien", "Saint Julien"),
        ("Martinelli Zin Rsv", "Martinelli Zinfandel Reserve"),
        ("Ridge Lytton Springs Vyd", "Ridge Lytton Springs Vineyard"),
        ("(Dom. Tempier)", "(Domaine Tempier)"),
    ])
    func expandsWholeTokens(_ input: String, _ expected: String) {
        #expect(table.expand(input) == expected)
    }

    /// The app this design came from replaced substrings: "Cab" inside "Cabernet" and "Res" inside "Research".
    @Test func neverRewritesInsideAWord() {
        #expect(table.expand("Cabernet Sauvignon") == "Cabernet Sauvignon")
        #expect(table.expand("Research Station") == "Research Station")
        #expect(table.expand("Chardonnay Domaines Ott") == "Chardonnay Domaines Ott")
        #expect(table.expand("Estate Reserve") == "Estate Reserve")
    }

    @Test func caseSensitiveCodesOnlyMatchTheirCase() {
        #expect(table.expand("Napa CS") == "Napa Cabernet Sauvignon")
        #expect(table.expand("Napa cs") == "Napa cs")
        #expect(table.expand("Sonoma PN") == "Sonoma Pinot Noir")
    }

    @Test func longestMatchWins() {
        // "1er Cru" is one rule; expanding "1er" alone would leave "Premier Cru Cru".
        #expect(table.expand("Chablis 1er Cru Montée de Tonnerre") == "Chablis Premier Cru Montée de Tonnerre")
    }

    @Test func userRowsExtendAndOverride() throws {
        var custom = table
        try custom.merge(tsv: "# house style\nmtg\tMontagny\nch\tChâteau\n", source: "mine.tsv")
        #expect(custom.expand("Mtg 1er Cru") == "Montagny Premier Cru")
    }

    @Test func malformedRowsNameTheLine() {
        do {
            _ = try AbbreviationTable(tsv: "ch\tChâteau\nbroken line without tab\n", source: "mine.tsv")
            Issue.record("a row without a tab must be rejected")
        } catch {
            #expect(error.line == 2)
            #expect(error.description.hasPrefix("mine.tsv:2:"))
        }
    }
}
