import DecantTestSupport
import Foundation

/// The parts of the shared data the evaluation tests read, and Unicode's word-boundary file.
extension SharedData {
    static var goldenAvailable: Bool { exists("metrics-golden/dinglehopper.json") }
    static var sroieAvailable: Bool { exists("data/sroie/key") }
    static var inv3dAvailable: Bool { exists("data/inv3d") }

    /// Unicode's own word-boundary test file (Debian package unicode-data).
    static let wordBreakTest = "/usr/share/unicode/auxiliary/WordBreakTest.txt"
    static var wordBreakTestAvailable: Bool { FileManager.default.fileExists(atPath: wordBreakTest) }
}
