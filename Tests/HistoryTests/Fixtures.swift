import Entries
import Foundation
@testable import History

/// Small builders for entries and snapshots, so each test reads as the list it describes.
enum Fixture {
    static func wine(_ name: String, id: String? = nil, vintage: Int? = nil, size: Int? = nil, section: String? = "Red",
                     image: String = "page-1.png", prices: [(PriceColumn, Double?)] = [(.bottle, 50)]) -> HistoryEntry {
        HistoryEntry(kind: .wine, image: image, name: name, wineID: id, wineName: id == nil ? nil : name,
                     matchConfidence: id == nil ? nil : 0.9, vintage: vintage.map(Vintage.year), bottleSizeML: size,
                     section: section, currency: "GBP",
                     prices: prices.map { Price(amount: $0.1, column: $0.0, currency: "GBP") }, rawText: name)
    }

    static func job(_ entries: [HistoryEntry], name: String = "bistro", images: [HistoryImage]? = nil) -> JobSnapshot {
        let names = Set(entries.map(\.image)).sorted()
        return JobSnapshot(job: name, images: images ?? names.map { HistoryImage(name: $0, contentHash: String(repeating: "0", count: 64)) },
                           entries: entries)
    }

    static func run(_ jobs: [JobSnapshot], startedAt: Date = Date()) -> RunRecord {
        RunRecord(startedAt: startedAt, decantVersion: "test", inbox: "/inbox", catalogue: "built-in", settings: ["kind": "auto"], jobs: jobs)
    }

    /// Night one of the change scenario: four wines and an unmatched house wine.
    static let nightOne: [HistoryEntry] = [
        wine("Bodega Colomé Estate Malbec", id: "dc-0001", vintage: 2019, prices: [(.glass, 11), (.bottle, 44)]),
        wine("Catena Zapata Catena Alta Malbec", id: "dc-0003", vintage: 2018, prices: [(.bottle, 80)]),
        wine("Château Musar", id: "dc-0100", vintage: 2015, prices: [(.bottle, 95)]),
        wine("Domaine Tempier Bandol Rosé", id: "dc-0200", vintage: 2022, section: "Rosé", prices: [(.glass, 14), (.bottle, 56)]),
        wine("House Red", vintage: nil, section: "By the glass", prices: [(.glass, 7), (.carafe, 19)]),
    ]

    /// Night two: Musar removed, Brunello added, the Catena Alta up from 80 to 85, the Colomé now 2020.
    static let nightTwo: [HistoryEntry] = [
        wine("Bodega Colomé Estate Malbec", id: "dc-0001", vintage: 2020, prices: [(.glass, 11), (.bottle, 44)]),
        wine("Catena Zapata Catena Alta Malbec", id: "dc-0003", vintage: 2018, prices: [(.bottle, 85)]),
        wine("Domaine Tempier Bandol Rosé", id: "dc-0200", vintage: 2022, section: "Rosé", prices: [(.glass, 14), (.bottle, 56)]),
        wine("House Red", vintage: nil, section: "By the glass", prices: [(.glass, 7), (.carafe, 19)]),
        wine("Biondi-Santi Brunello di Montalcino", id: "dc-0300", vintage: 2016, image: "page-2.png", prices: [(.bottle, 240)]),
    ]
}
