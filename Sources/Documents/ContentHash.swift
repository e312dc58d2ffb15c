import Crypto
import Foundation

/// SHA-256 of a page's files and settings, through swift-crypto (BoringSSL's implementation): a
/// re-run must recognise an unchanged image and its sidecars with certainty, the history must name
/// a photo by its content, and a shard must be chosen the same way in every process.
public struct ContentHash {
    private var hasher = SHA256()

    public init() {}

    public mutating func update(_ bytes: some DataProtocol) { hasher.update(data: bytes) }

    public mutating func update(_ bytes: [UInt8]) { hasher.update(data: bytes) }

    public mutating func update(_ text: String) { hasher.update(data: Array(text.utf8)) }

    /// The 32 bytes of the digest.
    public func finalize() -> [UInt8] { Array(hasher.finalize()) }

    /// The digest as 64 lower-case hex digits.
    public func hex() -> String { Self.hex(finalize()) }

    public static func hex(_ bytes: some Collection<UInt8>) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}
