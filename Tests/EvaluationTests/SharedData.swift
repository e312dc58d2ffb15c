import Foundation

/// `../shared` beside the repository (read-only test data; absent on some machines).
enum SharedData {
    static let root: String = {
        let here = URL(fileURLWithPath: #filePath)
        let repo = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return repo.deletingLastPathComponent().appendingPathComponent("shared").path
    }()

    static func path(_ relative: String) -> String { "\(root)/\(relative)" }

    static func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: path(relative)) }

    static var goldenAvailable: Bool { exists("metrics-golden/dinglehopper.json") }
    static var sroieAvailable: Bool { exists("data/sroie/key") }
    static var inv3dAvailable: Bool { exists("data/inv3d") }

    /// Unicode's own word-boundary test file (Debian package unicode-data).
    static let wordBreakTest = "/usr/share/unicode/auxiliary/WordBreakTest.txt"
    static var wordBreakTestAvailable: Bool { FileManager.default.fileExists(atPath: wordBreakTest) }
}
