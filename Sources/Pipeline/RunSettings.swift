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
    /// Measuring aids: a deliberately worse pipeline (it shapes results, so it is encoded), and the
    /// folder of recognized pages reused between measuring runs (it does not).
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

/// Measuring aids (`decant-bench run`), never for real use.
public struct MeasuringAids: Sendable, Equatable, Codable {
    /// A deliberately worse pipeline, to prove the accuracy gate bites.
    public var degradation = Degradation()
    /// Folder of recognized pages to reuse (keyed by the pixels and OCR settings), so a measuring
    /// run that changes only later stages skips OCR. Not encoded: it never changes a result.
    public var ocrCache: String?

    public init(degradation: Degradation = Degradation(), ocrCache: String? = nil) {
        self.degradation = degradation
        self.ocrCache = ocrCache
    }

    enum CodingKeys: String, CodingKey { case degradation }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        degradation = try c.decode(Degradation.self, forKey: .degradation)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(degradation, forKey: .degradation)
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

/// Ways to make the pipeline worse on purpose (`decant-bench run` options), so the accuracy gate
/// can be shown to fail on a worse pipeline.
public struct Degradation: Sendable, Equatable, Codable, CustomStringConvertible {
    /// Skip flattening: every page goes to OCR as photographed.
    public var disableFlattening: Bool
    /// Shrink the page by this factor before OCR (1: untouched).
    public var downscale: Double

    public init(disableFlattening: Bool = false, downscale: Double = 1) {
        self.disableFlattening = disableFlattening
        self.downscale = downscale
    }

    public var isActive: Bool { disableFlattening || downscale != 1 }

    public var description: String {
        [disableFlattening ? "flattening disabled" : nil, downscale != 1 ? "downscaled ×1/\(downscale)" : nil]
            .compactMap { $0 }.joined(separator: ", ")
    }
}
