import Catalogue
import Evaluation

extension PageResult {
    /// What this page's reports say, in the terms ground truth can check.
    public var observation: PageObservation {
        let lines = max(record.lineCount - 1, 1)
        func observe(_ e: EntryRecord) -> EntryObservation {
            let matched = e.match.flatMap { $0.type == .exact || $0.type == .vintageVariant ? $0.best?.wineID : nil }
            return EntryObservation(text: e.rawText, vintage: e.vintage, prices: e.prices, catalogueID: matched,
                                    producer: e.producer, name: e.name, bottleSizeML: e.bottleSizeML,
                                    position: min(1, Double(e.firstLine + e.lastLine) / 2 / Double(lines)),
                                    wine: e.wine, region: e.region, country: e.country, grapes: e.grapes ?? [])
        }
        let receipt = self.receipt.map {
            ReceiptObservation(merchant: $0.merchant, address: $0.address, date: $0.date, time: $0.time,
                               currency: $0.currency, subtotal: $0.subtotal, tax: $0.tax, total: $0.total)
        }
        return PageObservation(text: text, kind: record.kind, flatten: record.flatten?.method.rawValue,
                               entries: entries.filter { $0.kind == .wine }.map(observe),
                               items: entries.filter { $0.kind == .item }.map(observe), receipt: receipt)
    }
}
