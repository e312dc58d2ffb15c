import DecantTestSupport
import Foundation
import Testing
@testable import Recognition

/// Model files and the dictionary, without the models themselves.
struct ModelFilesTests {
    @Test func theCharacterListGetsTheSpaceAsItsLastCharacter() throws {
        let dictionary = try CharacterDictionary(text: "a\nb\r\n€\n", source: "rec.onnx")
        #expect(dictionary.characters == ["a", "b", "€", " "])
        #expect(dictionary.classCount == 5)
        // A combining mark at the start of a line is its own class, not part of the newline before it.
        #expect(try CharacterDictionary(text: "e\n\u{301}\nf", source: "rec.onnx").characters == ["e", "\u{301}", "f", " "])
    }

    @Test func anEmptyCharacterListNamesTheModel() {
        #expect {
            try CharacterDictionary(text: "", source: "/models/rec.onnx")
        } throws: { error in
            guard let error = error as? PPOCRError else { return false }
            return error.kind == .modelInvalid && error.message.contains("/models/rec.onnx")
        }
    }

    @Test func anEngineWithoutModelsSaysWhichFilesAreMissing() {
        let folder = TemporaryFolder("ppocr-empty")
        #expect {
            try PPOCREngine(models: PPOCRModels(folder: folder.path))
        } throws: { error in
            guard let error = error as? PPOCRError else { return false }
            return error.kind == .modelsMissing && error.message.contains("\(folder.path)/det.onnx")
                && error.message.contains("\(folder.path)/libonnxruntime.so") && error.message.contains("scripts/setup/ppocr.sh")
        }
    }

    @Test func aFileThatIsNoLibraryIsReportedWithTheSetupCommand() throws {
        let folder = TemporaryFolder("ppocr-bad-library")
        for name in ["libonnxruntime.so", "det.onnx", "rec.onnx"] {
            try "not a library".write(toFile: folder.file(name), atomically: true, encoding: .utf8)
        }
        #expect {
            try PPOCREngine(models: PPOCRModels(folder: folder.path))
        } throws: { error in
            guard let error = error as? PPOCRError else { return false }
            return error.kind == .modelsMissing && error.message.contains("libonnxruntime.so")
                && error.message.contains("scripts/setup/ppocr.sh")
        }
    }

    @Test func theLatinAlphabetKeepsLettersDigitsPunctuationAndCurrencyButNotCJK() {
        let dictionary = CharacterDictionary(characters: ["a", "É", "7", "€", "–", "漢", "あ", "ß", " "])
        #expect(Alphabet.latin.classMask(dictionary) == [1, 1, 1, 1, 1, 1, 0, 0, 1, 1])
        #expect(Alphabet.full.classMask(dictionary) == [UInt8](repeating: 1, count: 10))
    }

    @Test func theModelFolderFollowsTheSetupScriptsRule() {
        #expect(PPOCRModels.defaultFolder(environment: ["DECANT_PPOCR_MODELS": "/m", "HOME": "/h"]) == "/m")
        #expect(PPOCRModels.defaultFolder(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"]) == "/c/decant/ppocr")
        #expect(PPOCRModels.defaultFolder(environment: ["HOME": "/h"]) == "/h/.cache/decant/ppocr")
        #expect(PPOCRModels(folder: "/m").recognizer == "/m/rec.onnx")
        #expect(PPOCRModels(folder: "/m").runtime == "/m/libonnxruntime.so")
    }
}
