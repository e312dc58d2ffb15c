import Digests
import Testing

/// The digests against the published test vectors (FIPS 180-2 for SHA-256, RFC 1321 for MD5), and
/// the value semantics Decant's hashing relies on.
@Suite struct DigestTests {
    func hex(_ bytes: [UInt8]) -> String { bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined() }

    @Test func sha256MatchesThePublishedVectors() {
        #expect(hex(Digest.hash(.sha256, [])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(hex(Digest.hash(.sha256, Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let long = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
        #expect(hex(Digest.hash(.sha256, Array(long.utf8))) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func md5MatchesThePublishedVectors() {
        #expect(hex(Digest.hash(.md5, [])) == "d41d8cd98f00b204e9800998ecf8427e")
        #expect(hex(Digest.hash(.md5, Array("abc".utf8))) == "900150983cd24fb0d6963f7d28e17f72")
        #expect(hex(Digest.hash(.md5, Array("message digest".utf8))) == "f96b697d7cb7938d525a2f31aaf161d0")
    }

    @Test func piecesHashAsTheWhole() {
        let bytes = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        var digest = Digest(.sha256)
        var start = 0
        for size in [1, 0, 63, 64, 65, 1000, 4096] {
            digest.update(Array(bytes[start..<(start + size)]))
            start += size
        }
        digest.update(Array(bytes[start...]))
        #expect(digest.finalize() == Digest.hash(.sha256, bytes))
        var text = Digest(.sha256)
        text.update("abc")
        #expect(text.finalize() == Digest.hash(.sha256, Array("abc".utf8)))
    }

    @Test func aCopyGoesOnAlone() {
        var first = Digest(.sha256)
        first.update(Array("ab".utf8))
        var second = first
        second.update(Array("c".utf8))
        first.update(Array("x".utf8))
        #expect(second.finalize() == Digest.hash(.sha256, Array("abc".utf8)))
        #expect(first.finalize() == Digest.hash(.sha256, Array("abx".utf8)))
        // finalize leaves the digest going.
        first.update(Array("y".utf8))
        #expect(first.finalize() == Digest.hash(.sha256, Array("abxy".utf8)))
    }
}
