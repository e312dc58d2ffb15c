import Catalogue
import History
import Reporting

extension JobSnapshot {
    /// What the history keeps of a finished job; hashes are filled in when the run is recorded.
    init(job: String, pages: [PageResult]) {
        let ordered = pages.sorted(by: PageResult.inReadingOrder)
        self.init(job: job,
                  images: ordered.map { HistoryImage(name: $0.record.sourceName, error: $0.record.error?.message) },
                  entries: ordered.flatMap(\.entries).map(HistoryEntry.init(record:)))
    }
}

extension HistoryEntry {
    /// Only a match that identified the wine itself gives the entry a catalogue identity; a
    /// producer-only match is still a wine the history knows by its name as read.
    init(record: EntryRecord) {
        let match = record.match.flatMap { $0.type == .exact || $0.type == .vintageVariant ? $0 : nil }
        self.init(kind: record.kind == .wine ? .wine : .item, image: record.page.map { "\(record.image) p\($0)" } ?? record.image, name: record.name,
                  wineID: match?.best?.wineID, wineName: match?.best?.name, wineVintage: match?.best?.vintage,
                  matchConfidence: match?.confidence, vintage: record.vintage, bottleSizeML: record.bottleSizeML,
                  section: record.section, currency: record.currency, prices: record.prices, rawText: record.rawText)
    }
}
