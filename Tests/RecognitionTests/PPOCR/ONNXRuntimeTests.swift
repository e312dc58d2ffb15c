import CORT
import DecantTestSupport
import Foundation
import Testing
@testable import Recognition

/// Decant's own declarations of ONNX Runtime's C API (Sources/CORT) checked against the library
/// itself: the version it reports, the calls taken from its table, a real model run through them.
@Suite(.enabled(if: PPOCRModels.installed() != nil, "needs PP-OCR: run scripts/setup/ppocr.sh"))
struct ONNXRuntimeTests {
    static var models: PPOCRModels { PPOCRModels(folder: PPOCRModels.defaultFolder()) }

    @Test func theLibraryLoadsAndNamesItsVersion() throws {
        let runtime = try ONNXRuntime.shared(path: Self.models.runtime)
        #expect(runtime.version == "1.32.0")
        // Opened once per process.
        #expect(try ONNXRuntime.shared(path: Self.models.runtime) === runtime)
    }

    @Test func theDetectorAnswersWithAProbabilityMapOfItsInputsSize() throws {
        let runtime = try ONNXRuntime.shared(path: Self.models.runtime)
        let session = try runtime.session(model: Self.models.detector)
        #expect(session.inputName == "x")
        var input = [Float](repeating: 0, count: 3 * 64 * 96)
        let (shape, inRange) = try session.run(&input, shape: [1, 3, 64, 96]) { values, shape in
            (shape, values.allSatisfy { $0 >= 0 && $0 <= 1 })
        }
        #expect(shape == [1, 1, 64, 96])
        #expect(inRange)
    }

    /// The three metadata calls taken from the table: the recognizer's character list read through
    /// them is PP-OCRv6's (18,708 characters, one per line, which with the blank and the space are the
    /// network's 18,710 classes); a key the model does not hold is nil, not an error.
    @Test func theRecognizerCarriesItsCharacterListInItsMetadata() throws {
        let runtime = try ONNXRuntime.shared(path: Self.models.runtime)
        let session = try runtime.session(model: Self.models.recognizer)
        let text = try #require(try session.customMetadata(CharacterDictionary.metadataKey))
        let dictionary = try CharacterDictionary(text: text, source: session.path)
        #expect(dictionary.characters.count == 18_708 + 1)
        #expect(dictionary.classCount == 18_710)
        // Printable ASCII in the exporter's order: punctuation, digits, capitals, small letters.
        #expect(dictionary.characters.prefix(3) == ["!", "\"", "#"])
        #expect(Array(dictionary.characters[32..<42]) == (0...9).map(String.init))
        #expect(dictionary.characters.contains("€") && dictionary.characters.contains("é"))
        #expect(try session.customMetadata("no-such-key") == nil)
        let detector = try runtime.session(model: Self.models.detector)
        #expect(try detector.customMetadata(CharacterDictionary.metadataKey) == nil)
    }

    @Test func aWrongInputShapeIsAnErrorNamingTheModel() throws {
        let runtime = try ONNXRuntime.shared(path: Self.models.runtime)
        let session = try runtime.session(model: Self.models.detector)
        var input = [Float](repeating: 0, count: 2 * 32 * 32)
        #expect {
            try session.run(&input, shape: [1, 2, 32, 32]) { _, shape in shape }
        } throws: { error in
            guard let error = error as? PPOCRError else { return false }
            return error.kind == .inferenceFailed && error.message.contains("det.onnx")
        }
    }

    @Test func aFileThatIsNoModelIsInvalid() throws {
        let folder = TemporaryFolder("ort-bad-model")
        try "not a model".write(toFile: folder.file("det.onnx"), atomically: true, encoding: .utf8)
        let runtime = try ONNXRuntime.shared(path: Self.models.runtime)
        #expect {
            try runtime.session(model: folder.file("det.onnx"))
        } throws: { error in
            guard let error = error as? PPOCRError else { return false }
            return error.kind == .modelInvalid && error.message.contains(folder.file("det.onnx"))
        }
    }

    @Test func aLibraryThatIsNotONNXRuntimeIsRefused() {
        var api = CORTApi()
        var error = [CChar](repeating: 0, count: 256)
        var version: UnsafePointer<CChar>?
        #expect(cort_load("libm.so.6", ONNXRuntime.apiVersion, &api, &version, &error, error.count) == -1)
        #expect(ONNXRuntime.text(error).contains("OrtGetApiBase"))
    }
}

/// The class picking in C, with a mask and without.
struct BestClassesTests {
    @Test func theBestAllowedClassAndItsShareOfTheAllowedOnes() {
        let probabilities: [Float] = [0.1, 0.6, 0.3,
                                      0.5, 0.2, 0.3]
        let all = probabilities.withUnsafeBufferPointer { PPOCREngine.bestClasses($0, rows: 2, columns: 3, mask: [1, 1, 1]) }
        #expect(all.index == [1, 0])
        #expect(abs(all.share[0] - 0.6) < 1e-6)
        let masked = probabilities.withUnsafeBufferPointer { PPOCREngine.bestClasses($0, rows: 2, columns: 3, mask: [1, 0, 1]) }
        #expect(masked.index == [2, 0])
        #expect(abs(masked.share[0] - 0.75) < 1e-6)
        #expect(abs(masked.share[1] - 0.625) < 1e-6)
    }
}
