import Testing
@testable import Recognition

struct CTCDecoderTests {
    let alphabet = ["a", "b", "c", "1", " "]

    @Test func repeatsMergeBlanksDropAndARepeatAfterABlankIsANewCharacter() {
        // t:        0  1  2  3  4  5  6  7  8
        let best: [Int32] = [0, 1, 1, 0, 1, 2, 2, 0, 4]
        let p: [Float] = [0.9, 0.8, 0.6, 0.9, 0.7, 0.5, 0.9, 0.9, 0.95]
        let chars = CTCDecoder.decode(bestClass: best, probability: p, alphabet: alphabet)
        #expect(chars.map(\.text) == ["a", "a", "b", "1"])
        #expect(chars.map(\.firstStep) == [1, 4, 5, 8])
        #expect(chars.map(\.lastStep) == [2, 4, 6, 8])
        // Scored at the first step of each run, as PaddleOCR does.
        #expect(chars.map { Float($0.probability) } == [0.8, 0.7, 0.5, 0.95])
    }

    @Test func allBlankIsNothing() {
        #expect(CTCDecoder.decode(bestClass: [0, 0, 0], probability: [1, 1, 1], alphabet: alphabet).isEmpty)
    }

    @Test func theSpaceClassIsACharacterToo() {
        let chars = CTCDecoder.decode(bestClass: [1, 5, 2], probability: [1, 1, 1], alphabet: alphabet)
        #expect(chars.map(\.text) == ["a", " ", "b"])
        #expect(chars[1].isSpace)
    }
}
