import Catalogue
import Entries
import Evaluation
import Foundation
import Testing
@testable import Synthesis

@Suite struct GeneratorTests {
    /// About 15 % of a list's wines are invented; every other one names a real catalogue row.
    @Test func winesComeFromTheCatalogueWithAboutFifteenPercentInvented() throws {
        let catalogue = try TestSupport.catalogue()
        let byID = Dictionary(uniqueKeysWithValues: catalogue.wines.map { ($0.id, $0) })
        let producers = Set(catalogue.wines.map { $0.producer.lowercased() })
        let engine = try TextEngine()
        var total = 0, invented = 0
        for seed in 0..<24 {
            var rng = SeededRandom(seed: UInt64(seed))
            let document = WineListGenerator(catalogue: catalogue).generate(engine: engine, &rng)
            #expect(!document.entries.isEmpty)
            for entry in document.entries {
                total += 1
                if let id = entry.catalogueID {
                    let wine = try #require(byID[id], "catalogue id \(id) is not in the catalogue")
                    #expect(entry.producer == wine.producer)
                } else {
                    invented += 1
                    #expect(!producers.contains((entry.producer ?? "").lowercased()), "invented producer \(entry.producer ?? "") is in the catalogue")
                }
            }
        }
        let share = Double(invented) / Double(total)
        #expect(total > 300)
        #expect(share > 0.10 && share < 0.21, "invented share \(share) of \(total) entries")
    }

    /// Every entry's text is printed on the page, and carries its prices and vintage as printed.
    @Test func entriesMatchTheirPrintedLines() throws {
        let catalogue = try TestSupport.catalogue()
        let engine = try TextEngine()
        for seed in 100..<112 {
            var rng = SeededRandom(seed: UInt64(seed))
            let document = WineListGenerator(catalogue: catalogue).generate(engine: engine, &rng)
            let printed = document.pieces.map(\.text).joined(separator: " ")
            let lines = Set(document.lines)
            for entry in document.entries {
                for line in entry.text.split(separator: "\n") {
                    #expect(lines.contains(String(line)), "entry line '\(line)' is not a page line")
                }
                #expect(!entry.prices.isEmpty)
                for price in entry.prices {
                    let amount = try #require(price.amount)
                    let whole = String(Int(amount))
                    #expect(entry.text.contains(whole), "price \(amount) not in '\(entry.text)'")
                }
                let vintage = try #require(entry.vintage)
                switch vintage {
                case .nonVintage: #expect(entry.text.contains("NV") || entry.text.contains("N.V."))
                case .year(let y): #expect(entry.text.contains(String(y)) || entry.text.contains(String(y % 100 < 10 ? "0\(y % 100)" : "\(y % 100)")))
                }
            }
            #expect(!printed.isEmpty)
        }
    }

    /// The receipt's numbers add up as a till's do.
    @Test func receiptTotalsAddUp() throws {
        let catalogue = try TestSupport.catalogue()
        let engine = try TextEngine()
        var wineItems = 0
        for seed in 0..<30 {
            var rng = SeededRandom(seed: UInt64(seed))
            let document = ReceiptGenerator(catalogue: catalogue).generate(engine: engine, &rng)
            let receipt = try #require(document.receipt)
            let sum = receipt.items.reduce(0) { $0 + $1.amount }
            let total = try #require(receipt.total), tax = try #require(receipt.tax)
            if let subtotal = receipt.subtotal {
                #expect(abs(subtotal - sum) < 0.005)
                #expect(abs(total - (subtotal + tax)) < 0.005)
            } else {
                #expect(abs(total - sum) < 0.005)
                #expect(tax > 0 && tax < total)
            }
            for item in receipt.items {
                let q = try #require(item.quantity), unit = try #require(item.unitPrice)
                #expect(abs(q * unit - item.amount) < 0.005)
                #expect(document.lines.contains { $0.contains(item.description) }, "item '\(item.description)' not printed")
                if item.catalogueID != nil { wineItems += 1 }
            }
            if let change = receipt.change { #expect(change >= 0) }
            let date = try #require(receipt.date)
            #expect(date.count == 10 && date.hasPrefix("2025-"))
            #expect(document.lines.first == receipt.merchant)
        }
        #expect(wineItems > 20)
    }

    @Test func printingAbbreviatesWholeWordsOnly() {
        #expect(WinePrinting.replaceWhole("Château", with: "Ch.", in: "Château Margaux") == "Ch. Margaux")
        #expect(WinePrinting.replaceWhole("Estate", with: "Est.", in: "Estates Estate") == "Estates Est.")
        #expect(WinePrinting.replaceWhole("Saint-", with: "St-", in: "Saint-Julien") == "St-Julien")
        let printing = WinePrinting(vintageStyle: .curly, nonVintage: "N.V.", abbreviationRate: 0, stripAccents: true)
        #expect(printing.vintage(.year(2009)) == "\u{2019}09")
        #expect(printing.vintage(.nonVintage) == "N.V.")
        #expect(printing.plain("Côte-Rôtie") == "Cote-Rotie")
    }
}
