import Foundation

/// The recognizer's alphabet: one character per line of the dictionary file, then the space
/// (PP-OCR models are trained with `use_space_char`, so the space is the last class).
public struct CharacterDictionary: Sendable, Equatable {
    public var characters: [String]

    public init(characters: [String]) {
        self.characters = characters
    }

    public init(path: String) throws(PPOCRError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw PPOCRError(.modelsMissing, "\(path): character dictionary not found; run \(PPOCRModels.setupCommand)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw PPOCRError(.modelInvalid, "\(path): character dictionary is not UTF-8")
        }
        // Split by scalars: as Characters, "\r\n" is one and a line starting with a combining mark
        // would join the newline before it, shifting every class after it.
        var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(String.UnicodeScalarView(line.last == "\r" ? line.dropLast() : line[...]))
        }
        if lines.last == "" { lines.removeLast() }
        characters = lines + [" "]
    }

    /// Classes the recognizer outputs: the blank, then every character.
    public var classCount: Int { characters.count + 1 }
}
