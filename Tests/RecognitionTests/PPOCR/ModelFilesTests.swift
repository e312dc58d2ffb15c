import DecantTestSupport
import Foundation
import Testing
@testable import Recognition

/// Model files and the dictionary, without the models themselves.
struct ModelFilesTests {
    @Test func theDictionaryGetsTheSpaceAsItsLastCharacter() throws {
        let folder = TemporaryFolder("ppocr-dict")
        try "a\nb\r\n€\n".write(toFile: folder.file("dict.txt"), atomically: true, encoding: .utf8)
        let dictionary = try CharacterDictionary(path: folder.file("dict.txt"))
        #expect(dictionary.characters == ["a", "b", "€", " "])
        #expect(dictionary.classCount == 5)
    }

    @Test func aMissingDictionaryNamesTheFileAndTheSetupScript() {
        #expect {
            try CharacterDictionary(path: "/nonexistent/dict.txt")
        } throws: { error in
            guard let error = error as? PPOCRError else { return false }
            return error.kind == .modelsMissing && error.message.contains("/nonexistent/dict.txt")
                && error.message.contains("scripts/setup/ppocr.sh")
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
        try "a\n".write(toFile: folder.file("dict.txt"), atomically: true, encoding: .utf8)
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
        #expect(PPOCRModels(folder: "/m").dictionary == "/m/dict.txt")
        #expect(PPOCRModels(folder: "/m").runtime == "/m/libonnxruntime.so")
    }
}
