import Digests
import Foundation

/// SHA-256 of a page's files and settings: a re-run must recognise an unchanged image and its
/// sidecars with certainty, the history must name a photo by its content, and a shard must be
/// chosen the same way in every process.
public struct ContentHash: Sendable {
    private var digest = Digest(.sha256)

    public init() {}

    public mutating func update(_ bytes: some DataProtocol) {
        for region in bytes.regions { region.withUnsafeBytes { digest.update($0) } }
    }

    public mutating func update(_ bytes: [UInt8]) { digest.update(bytes) }

    public mutating func update(_ text: String) { digest.update(text) }

    /// The 32 bytes of the digest.
    public func finalize() -> [UInt8] { digest.finalize() }

    /// The digest as 64 lower-case hex digits.
    public func hex() -> String { Self.hex(finalize()) }

    public static func hex(_ bytes: some Collection<UInt8>) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}
