import Foundation

/// A folder of its own under the system's temporary directory, removed with everything in it when the
/// last reference goes, so that running the tests leaves nothing behind in /tmp.
///
/// Kept in a suite's stored property, it is a fresh folder for every test and goes when that test ends,
/// whether it passed, failed or threw: Swift Testing makes a new suite instance for each test (and each
/// argument of a parameterized one) and releases it afterwards. Kept in a local, it must outlive the last
/// use of its paths (`withExtendedLifetime`): an optimized build may release a local right after its
/// last mention, while the paths taken from it are still in use.
public final class TemporaryFolder: Sendable {
    public let path: String

    /// `prefix` names the folder after the tests that use it, so that a folder left by a test process
    /// that was killed says where it came from. A folder that cannot be created shows up as the test's
    /// first failing write, which names the path.
    public init(_ prefix: String) {
        path = NSTemporaryDirectory() + prefix + "-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The path of `name` inside the folder, for the test to create.
    public func file(_ name: String) -> String {
        path + "/" + name
    }

    /// A folder `name` inside this one, created: for tests that need several (an inbox and an output).
    public func folder(_ name: String) -> String {
        let folder = file(name)
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }
}
