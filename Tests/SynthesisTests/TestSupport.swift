import Catalogue
import Foundation
@testable import Synthesis

/// Paths and fixtures shared by the Synthesis tests.
enum TestSupport {
    /// The built-in catalogue (527 real wines), the catalogue the committed corpus was made from.
    static func catalogue() throws -> Catalogue {
        try Catalogue.builtIn()
    }

    /// Small, fast options for tests (debug builds render slowly).
    static func smallOptions() -> SynthOptions {
        var options = SynthOptions()
        options.photoWidth = 360
        options.photoHeight = 480
        options.depthWidth = 96
        options.depthHeight = 128
        options.flatDPI = 60
        return options
    }
}
