import Flattening
import Imaging
import Pipeline
import StepTrace

/// A deliberately worse pipeline (`decant-bench run --disable-flattening --degrade-resolution N`),
/// so the accuracy gate can be shown to fail on one (`scripts/ci/accuracy-gate.sh --prove`). It
/// reaches the pipeline as a measuring run's own flattening (`MeasuringAids.flattenOverride`); the
/// shipped `decant` has no way to ask for it.
struct Degradation: Sendable, Equatable, CustomStringConvertible {
    /// Skip flattening: every page goes to OCR as photographed.
    var disableFlattening: Bool
    /// Shrink the page by this factor after flattening (1: untouched).
    var downscale: Double

    var isActive: Bool { disableFlattening || downscale != 1 }

    var description: String {
        [disableFlattening ? "flattening disabled" : nil, downscale != 1 ? "downscaled ×1/\(downscale)" : nil]
            .compactMap { $0 }.joined(separator: ", ")
    }

    /// The flattening this degradation reads pages with; nil when it changes nothing.
    var override: FlattenOverride? {
        guard isActive else { return nil }
        let degradation = self
        return FlattenOverride(name: description) { photo, flatten in
            var flat = degradation.disableFlattening
                ? FlattenedPage(raster: photo.image.raster, ppi: photo.image.declaredPPI,
                                report: FlattenReport(method: .none, reason: "flattening disabled (degraded run)"))
                : flatten()
            if degradation.downscale > 1 {
                flat.raster = flat.raster.scaled(by: 1 / degradation.downscale)
                flat.ppi = flat.ppi.map { max(1, Int(Double($0) / degradation.downscale)) }
            }
            return flat
        }
    }
}
