import Flattening
import Foundation
import Pipeline
import Read
import Testing

@Suite("One settings tree: summary, fingerprint and tuning read the same value")
struct RunSettingsTests {
    @Test("a field is set by its path, keeping its type; a wrong name or value is refused with what exists")
    func setByPath() throws {
        var settings = RunSettings()
        try SettingsTree.apply("flatten.receipts.rectifier.toneCurve=2", to: &settings)
        try SettingsTree.apply("read.ppocr.splitWordsAtGlyphGaps=false", to: &settings)
        try SettingsTree.apply("read.engine=photos", to: &settings)
        try SettingsTree.apply("read.segmentation=6", to: &settings)
        #expect(settings.flatten.receipts.rectifier.toneCurve == 2)
        #expect(settings.flatten.lists.rectifier.toneCurve == 1)
        #expect(!settings.read.ppocr.splitWordsAtGlyphGaps)
        #expect(settings.read.engine == .photos)
        #expect(settings.read.segmentation == .singleBlock)
        #expect(throws: SettingsTree.Failure.self) { try SettingsTree.apply("flatten.lists.rectifier.toneKurve=2", to: &settings) }
        #expect(throws: SettingsTree.Failure.self) { try SettingsTree.apply("flatten.lists.rectifier.dewarp=maybe", to: &settings) }
        #expect(throws: SettingsTree.Failure.self) { try SettingsTree.apply("read.engine=abacus", to: &settings) }
        #expect(throws: SettingsTree.Failure.self) { try SettingsTree.apply("flatten.lists=1", to: &settings) }
        do {
            try SettingsTree.apply("flatten.lists.rectifier.toneKurve=2", to: &settings)
        } catch {
            #expect(error.description.contains("toneCurve"))
        }
    }

    @Test("the encoding is the same bytes for the same settings, and changes with any field")
    func encodingIsStable() throws {
        var a = RunSettings(), b = RunSettings()
        a.read.engineRule = EngineRule(ppocrCaptures: [.photo, .depthPhoto, .scan], ppocrReceipts: true)
        b.read.engineRule = EngineRule(ppocrCaptures: [.scan, .photo, .depthPhoto], ppocrReceipts: true)
        #expect(a.encoded == b.encoded)
        b.flatten.lists.depth.surface.bendGain += 0.01
        #expect(a.encoded != b.encoded)
        // Where files go is no part of a result.
        var c = a
        c.outputs = RunOutputs(saveFlattened: "/tmp/flat", pagePreviews: "/tmp/out")
        c.aids.ocrCache = "/tmp/cache"
        #expect(a.encoded == c.encoded)
        let back = try JSONDecoder().decode(RunSettings.self, from: a.encoded)
        #expect(back.encoded == a.encoded)
    }

    @Test("the summary lists the run's choices and only the deeper settings a run changed")
    func summaryFromTheTree() throws {
        var settings = RunSettings(kind: .receipt, runYear: 2026)
        let shipped = settings.summary
        #expect(shipped["read.expected"] == "receipt")
        #expect(shipped["entries.runYear"] == "2026")
        #expect(shipped["read.engine"] == "auto")
        #expect(shipped["flatten.receipts.rectifier.toneCurve"] == nil)
        #expect(shipped.keys.allSatisfy { $0.split(separator: ".").count <= 2 })
        try SettingsTree.apply("flatten.receipts.rectifier.toneCurve=2.5", to: &settings)
        #expect(settings.summary["flatten.receipts.rectifier.toneCurve"] == "2.5")
        #expect(settings.summary.count == shipped.count + 1)
    }

    @Test("receipts differ from lists in photometry only: no geometry twin to keep in step")
    func presetsDifferInPhotometryOnly() throws {
        let lists = try SettingsTree(FlattenSettings.Preset.lists).leaves
        let receipts = try SettingsTree(FlattenSettings.Preset.receipts).leaves
        let differing = Set(lists.keys.filter { lists[$0] != receipts[$0] })
        #expect(differing == ["rectifier.toneCurve", "rectifier.paperBackground", "depth.sharpenAmount",
                              "depth.strongSharpenAmount"])
        #expect(FlattenSettings().preset(for: .receipt) == .receipts)
        #expect(FlattenSettings().readsGray)
    }

    @Test("a tuning run's set keeps where the run writes and its measuring aids; the aid's name keys the cache")
    func setKeepsWhatTheEncodingLeavesOut() throws {
        var settings = RunSettings()
        settings.outputs = RunOutputs(saveFlattened: "/tmp/flat", pagePreviews: "/tmp/out")
        let plain = settings.encoded
        settings.aids = MeasuringAids(ocrCache: "/tmp/cache", flattenOverride: FlattenOverride(name: "flattening disabled") { _, flatten in flatten() })
        try settings.set("read.receiptTextHeight=30")
        #expect(settings.read.receiptTextHeight == 30)
        #expect(settings.outputs.pagePreviews == "/tmp/out" && settings.aids.ocrCache == "/tmp/cache")
        #expect(settings.aids.flattenOverride?.name == "flattening disabled")
        #expect(settings.summary["aids.flattenOverride"] == "flattening disabled")
        settings.read.receiptTextHeight = 26
        #expect(settings.encoded != plain)
        settings.aids.flattenOverride = nil
        #expect(settings.encoded == plain)
    }
}
