import Documents
import Testing

/// The hash names photos in the history and picks shards, so it must be SHA-256 exactly as other
/// tools compute it (FIPS 180-2's own examples), whichever way the bytes are fed in.
@Suite struct ContentHashTests {
    @Test func matchesTheStandardsExamples() {
        var abc = ContentHash()
        abc.update("abc")
        #expect(abc.hex() == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(ContentHash().hex() == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func piecesHashLikeTheWhole() {
        var whole = ContentHash(), pieces = ContentHash()
        whole.update("menu.jpg|settings")
        pieces.update(Array("menu.jpg|".utf8))
        pieces.update("settings")
        #expect(whole.finalize() == pieces.finalize())
        #expect(whole.finalize().count == 32)
    }
}
