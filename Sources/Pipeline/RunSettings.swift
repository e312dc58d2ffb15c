import Catalogue
import Documents
import Entries
import Flattening
import Foundation
import Imaging
import Read
import Recognition

/// Everything that shapes an image's result, one stage's settings each: a value, encoded the same
/// way wherever it is written, so the result cache's fingerprint, the run summary and tuning runs'
/// `--set` all read this one tree (`encoded`). Anything that changes output belongs here; where
/// files go (`outputs`) and what only speeds measuring (`aids.ocrCache`) are kept apart.
public struct RunSettings: Sendable, Codable {
    public var load = LoadSettings()
    public var flatten = FlattenSettings()
    public var read = ReadSettings()
    public var entries = EntrySettings()
    /// Run date, budget and report filters for the insight columns.
    public var insights = InsightOptions()
    /// What a measuring run adds (an OCR cache, a deliberately worse flattening); only the
    /// flattening's name is encoded.
    public var aids = MeasuringAids()
    /// Where a run writes besides its reports.
    public var outputs = RunOutputs()

    public init(kind: KindOption = .auto, runYear: Int = FieldParser.currentYear) {
        read.expected = kind
        entries.runYear = runYear
        insights = InsightOptions(year: runYear)
    }

    /// The segmentation a page of `kind` is read with (`ReadSettings.segmentation(for:)`).
    public func segmentation(for kind: DocumentKind) -> PageSegmentation { read.segmentation(for: kind) }

    enum CodingKeys: String, CodingKey { case load, flatten, read, entries, insights, aids }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        load = try c.decode(LoadSettings.self, forKey: .load)
        flatten = try c.decode(FlattenSettings.self, forKey: .flatten)
        read = try c.decode(ReadSettings.self, forKey: .read)
        entries = try c.decode(EntrySettings.self, forKey: .entries)
        insights = try c.decode(InsightOptions.self, forKey: .insights)
        aids = try c.decode(MeasuringAids.self, forKey: .aids)
    }

    /// The result-shaping tree; `outputs` are not part of it.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(load, forKey: .load)
        try c.encode(flatten, forKey: .flatten)
        try c.encode(read, forKey: .read)
        try c.encode(entries, forKey: .entries)
        try c.encode(insights, forKey: .insights)
        try c.encode(aids, forKey: .aids)
    }

    /// The settings as sorted-key JSON: the same bytes for the same settings in every process.
    public var encoded: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data()
    }
}

/// What a measuring run (`decant-bench run`) adds, never a user's: the folder of recognized pages
/// reused between measuring runs, and a change to how photos are flattened (the deliberately worse
/// pipeline that shows the accuracy gate bites, defined in Tools). Only the change's name is
/// encoded: it keys the result cache and shows in the summary.
public struct MeasuringAids: Sendable, Codable {
    /// Folder of recognized pages to reuse (keyed by the pixels and OCR settings), so a measuring
    /// run that changes only later stages skips OCR. It never changes a result.
    public var ocrCache: String?
    public var flattenOverride: FlattenOverride?

    public init(ocrCache: String? = nil, flattenOverride: FlattenOverride? = nil) {
        self.ocrCache = ocrCache
        self.flattenOverride = flattenOverride
    }

    enum CodingKeys: String, CodingKey { case flattenOverride }

    /// A closure cannot be read back: decoded aids are empty, and `RunSettings.set` keeps a run's own.
    public init(from decoder: any Decoder) throws {}

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(flattenOverride?.name, forKey: .flattenOverride)
    }
}

/// A measuring run's own flattening: given the photo and the stage's flattening, the page to read.
public struct FlattenOverride: Sendable {
    /// What it does, for the summary and the result cache ("flattening disabled, downscaled ×1/6").
    public var name: String
    public var flatten: @Sendable (PagePhoto, () -> FlattenedPage) -> FlattenedPage

    public init(name: String, flatten: @escaping @Sendable (PagePhoto, () -> FlattenedPage) -> FlattenedPage) {
        self.name = name
        self.flatten = flatten
    }
}

/// Where a run writes besides its reports; never part of a result.
public struct RunOutputs: Sendable, Equatable {
    /// Where flattened pages are written for inspection, if anywhere (`--save-flattened`).
    public var saveFlattened: String?
    /// The run's output folder when the HTML review report is on: each worker writes a small JPEG
    /// of every flattened page into OUT/JOB/pages/ for it. nil: no previews (`--no-html`).
    public var pagePreviews: String?

    public init(saveFlattened: String? = nil, pagePreviews: String? = nil) {
        self.saveFlattened = saveFlattened
        self.pagePreviews = pagePreviews
    }
}

extension RunSettings {
    /// Sets one result-shaping setting by its path (`path=value`, `SettingsTree.apply`) for a tuning
    /// run, keeping what the encoding leaves out: where the run writes and its measuring aids.
    public mutating func set(_ assignment: String) throws(SettingsTree.Failure) {
        let outputs = self.outputs, aids = self.aids
        try SettingsTree.apply(assignment, to: &self)
        self.outputs = outputs
        self.aids = aids
    }
}
