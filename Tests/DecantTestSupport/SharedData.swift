import Foundation

/// Read-only data shared beside the repository (real catalogues, SROIE, Inv3D, golden metrics):
/// `../shared` from the repository root, else /work/shared. It is absent on some machines, so tests
/// that need it are enabled only when `exists` finds their part, with a message naming it.
public enum SharedData {
    public static let root: String = {
        let beside = URL(fileURLWithPath: Repository.root).deletingLastPathComponent().appendingPathComponent("shared").path
        return FileManager.default.fileExists(atPath: beside) ? beside : "/work/shared"
    }()

    public static func path(_ relative: String) -> String { "\(root)/\(relative)" }

    public static func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: path(relative)) }
}
