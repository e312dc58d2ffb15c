import DecantTestSupport
import CPoppler
import Foundation
import Testing

/// Writes bytes to a file in a temporary folder.
func write(_ bytes: [UInt8], to path: String) {
    if !FileManager.default.createFile(atPath: path, contents: Data(bytes)) {
        Issue.record("cannot write \(path)")
    }
}

/// The committed fixtures beside this file.
enum Fixtures {
    static func path(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)").path
    }
}

/// The real wine lists in `../shared` (beside the repository), else /work/shared; tests over them skip
/// with a message when neither is there.
enum SharedWineLists {
    static let root: String? = {
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let candidates = [repo.deletingLastPathComponent().appendingPathComponent("shared").path, "/work/shared"]
        return candidates.map { "\($0)/data/winelists" }.first { FileManager.default.fileExists(atPath: $0) }
    }()

    static var available: Bool { root != nil }

    static func path(_ relative: String) -> String { "\(root ?? "/work/shared/data/winelists")/\(relative)" }

    /// Every PDF in docs/ and nogt/.
    static func pdfs() -> [String] {
        guard let root else { return [] }
        return ["docs", "nogt"].flatMap { folder -> [String] in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: "\(root)/\(folder)")) ?? []
            return names.filter { $0.hasSuffix(".pdf") }.sorted().map { "\(root)/\(folder)/\($0)" }
        }
    }
}
