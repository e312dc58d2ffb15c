import Foundation
import Testing
@testable import Recognition

@Suite struct EnginePoolTests {
    static func installed(_ codes: String...) -> Bool {
        let folder = OCRConfiguration().resolvedDataPath
        return codes.allSatisfy { FileManager.default.fileExists(atPath: "\(folder)/\($0).traineddata") }
    }

    @Test func theRunsLanguagesAreTheBaseEngine() throws {
        let base = try TesseractEngine()
        let pool = EnginePool(base: base)
        #expect(try pool.engine(for: "eng") === base)
        #expect(pool.loaded.isEmpty)
    }

    @Test(.enabled(if: installed("deu", "fra"), "needs tesseract-ocr-deu and tesseract-ocr-fra (scripts/setup.sh installs them)"))
    func keepsTheMostRecentlyUsedEnginesUpToItsCapacity() throws {
        let pool = EnginePool(base: try TesseractEngine(), capacity: 1)
        weak var evicted: TesseractEngine?
        do {
            let german = try pool.engine(for: "deu+eng")
            #expect(german.configuration.languages == "deu+eng")
            #expect(try pool.engine(for: "deu+eng") === german)
            evicted = german
        }
        #expect(evicted != nil)
        _ = try pool.engine(for: "fra+eng")
        #expect(pool.loaded == ["fra+eng"])
        // The pool held the only reference: the evicted engine is freed at once, not at the worker's end.
        #expect(evicted == nil)
    }

    @Test func aMissingModelNamesItsPackage() throws {
        let pool = EnginePool(base: try TesseractEngine())
        let error = try #require(throws: RecognitionError.self) { try pool.engine(for: "zzz_test+eng") }
        #expect(error.kind == .missingLanguage)
        #expect(error.message.contains("apt-get install tesseract-ocr-zzz-test"))
        #expect(pool.loaded.isEmpty)
    }
}
