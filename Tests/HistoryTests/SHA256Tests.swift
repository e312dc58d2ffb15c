import Foundation
import Testing
@testable import History

@Suite struct SHA256Tests {
    /// FIPS 180-4 / NIST example vectors.
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func knownVectors(input: String, digest: String) {
        #expect(SHA256.hex(of: Data(input.utf8)) == digest)
    }

    @Test func digestDoesNotDependOnHowTheInputIsSplit() throws {
        let data = Data((0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let whole = SHA256.hex(of: data)
        for split in [1, 55, 56, 63, 64, 65, 127, 999] {
            var hash = SHA256()
            hash.update(data.prefix(split))
            hash.update(data.dropFirst(split))
            #expect(hash.finish() == whole, "split at \(split)")
        }
        let path = Fixture.temporaryPath("bytes.bin")
        try data.write(to: URL(fileURLWithPath: path))
        #expect(try SHA256.hex(ofFile: path) == whole)
    }

    @Test func anUnreadableFileIsANamedError() {
        #expect(throws: HistoryError(.unreadableImage, path: "/nonexistent/a.jpg", "cannot be read to compute its content hash")) {
            try SHA256.hex(ofFile: "/nonexistent/a.jpg")
        }
    }
}
