import Entries
import Evaluation
import Foundation
import Imaging
import Recognition
import Testing
@testable import Synthesis

/// The flat render must read back as its ground truth: if it did not, the truth (or the renderer)
/// would be wrong, and every accuracy figure measured against it meaningless.
///
/// Two things are set aside because they are Tesseract's limits, not the truth's: the English model
/// has no â ô ü ñ í … (it reads "Côte" as "Cote"), so diacritics are folded on both sides; and dense
/// dot leaders ("........") make it read runs of letters, so these lists use spaced or no leaders
/// (`--leaders none,spaced-dots`). Leaders and separator rules are dropped on both sides, as in
/// docs/corpus.md ("Comparing text").
@Suite(.serialized) struct FlatRenderOCRTests {
    @Test func cleanFlatRendersReadBackWithCERBelowOnePercent() throws {
        var options = SynthOptions()
        options.fonts = FontCatalogue.clean
        options.leaders = [.none, .spacedDots]
        let catalogue = try TestSupport.catalogue()
        let engine = try TesseractEngine()
        var errors = 0, characters = 0
        var report: [String] = []
        for (kind, indices) in [(SynthOptions.Kind.winelist, 0..<6), (.receipt, 0..<4)] {
            options.kind = kind
            let synthesizer = try Synthesizer(catalogue: catalogue, options: options)
            for index in indices {
                let document = synthesizer.document(seed: 2024, index: index)
                let raster = try synthesizer.render(document, dpi: 300)
                let page = try engine.recognize(raster, ppi: 300, segmentation: kind == .receipt ? .singleColumn : .auto)
                let lines = kind == .receipt ? page.lines : LineAssembler.assemble(page.lines)
                let truth = ComparableText.withoutLeadersAndAccents(document.lines.joined(separator: "\n"))
                let read = ComparableText.withoutLeadersAndAccents(lines.map(\.text).joined(separator: "\n"))
                let metrics = TextMetrics.compare(truth: truth, recognized: read)
                errors += metrics.characterErrors
                characters += metrics.nCharacters
                report.append("\(kind.rawValue) \(index) [\(document.families.joined(separator: ", ")), \(document.layout)]: CER \(metrics.cer)")
            }
        }
        let cer = Double(errors) / Double(max(1, characters))
        #expect(characters > 8000)
        #expect(cer < 0.01, "CER \(cer) over \(characters) characters:\n\(report.joined(separator: "\n"))")
    }
}
