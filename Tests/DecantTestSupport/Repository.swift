import Foundation

/// The checkout the tests were built from, found from this file's place in it
/// (Tests/DecantTestSupport/Repository.swift): the committed corpus and the build folder are there.
public enum Repository {
    public static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()
}
