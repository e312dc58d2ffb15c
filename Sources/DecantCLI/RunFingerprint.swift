import Documents
import Foundation
import Jobs
import Pipeline

/// What, besides an image and its sidecars, decides its result: the run's settings as their one
/// encoding (`RunSettings.encoded`, so no option can be left out of it by a list kept by hand), the
/// contents of the files they name (catalogue, abbreviations, vocabulary), the engines installed,
/// and the build of Decant itself.
public enum RunFingerprint {
    /// This program, for worker processes and for the build identity.
    static var executable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// `files`: files whose contents shape results beyond the settings (the catalogue); the tables
    /// the settings name are added here. `engines`: what decides which recognizers read the pages
    /// beyond the settings (whether PP-OCR is installed, and which build of it), so installing it
    /// reads the photos again.
    public static func make(settings: RunSettings, files: [String] = [], engines: String = "") -> String {
        var hasher = ContentHash()
        hasher.update("settings:")
        hasher.update([UInt8](settings.encoded))
        hasher.update("\n")
        if !engines.isEmpty { hasher.update("engines:\(engines)\n") }
        for file in files + [settings.entries.abbreviationsFile, settings.entries.vocabularyFile].compactMap({ $0 }) {
            hasher.update("file:\(file):")
            hasher.update(FileManager.default.contents(atPath: file).map { [UInt8]($0) } ?? [])
        }
        // The build: a rebuilt binary may read differently, so its identity is part of every key.
        let attributes = try? FileManager.default.attributesOfItem(atPath: executable)
        let size = (attributes?[.size] as? Int) ?? 0
        let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        hasher.update("build:\(DecantVersion.string):\(size):\(modified)")
        return hasher.hex()
    }
}
