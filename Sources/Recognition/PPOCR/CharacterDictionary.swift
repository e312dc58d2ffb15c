/// The recognizer's alphabet: one character per line of the list its model was trained with, then
/// the space (PP-OCR models are trained with `use_space_char`, so the space is the last class).
/// PP-OCRv6's recognizer carries the list in its own metadata (key `character`), so the classes and
/// their characters come from one file; a list that does not belong to the model reads plausible
/// garbage without any error, which is why the engine checks the class count and the tests read known
/// text.
public struct CharacterDictionary: Sendable, Equatable {
    public var characters: [String]

    /// The metadata key PP-OCR's exporter stores the character list under.
    public static let metadataKey = "character"

    public init(characters: [String]) {
        self.characters = characters
    }

    /// The list as stored (one character per line); `source` names where it came from in errors.
    public init(text: String, source: String) throws(PPOCRError) {
        // Split by scalars: as Characters, "\r\n" is one and a line starting with a combining mark
        // would join the newline before it, shifting every class after it.
        var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(String.UnicodeScalarView(line.last == "\r" ? line.dropLast() : line[...]))
        }
        if lines.last == "" { lines.removeLast() }
        guard !lines.isEmpty else { throw PPOCRError(.modelInvalid, "\(source): the character list is empty") }
        characters = lines + [" "]
    }

    /// Classes the recognizer outputs: the blank, then every character.
    public var classCount: Int { characters.count + 1 }
}
