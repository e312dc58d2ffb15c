import DecantTestSupport
import Documents
import Entries
import Flattening
import Foundation
import Imaging
import Read
import Recognition
import StepTrace
import Testing
@testable import Pipeline

/// The Read stage's choice of languages as pages.json records it: the run's, a job's, or auto's.
@Suite struct PageLanguagesTests {
    static func installed(_ codes: String...) -> Bool {
        let folder = OCRConfiguration().resolvedDataPath
        return codes.allSatisfy { FileManager.default.fileExists(atPath: "\(folder)/\($0).traineddata") }
    }

    /// French prose in leptonica's ASCII font: English reads its function words, which name the language.
    static let frenchPage = FlattenedPage(raster: TextImage.render([
        "Domaine de la Tour, vin de pays avec des notes de fruits 14",
        "Chateau des Roches, pour les amateurs de Syrah et de Grenache 12",
        "Cremant de Loire, une bulle fine et des agrumes sur la finale 11",
        "Vin de la maison, pour le fromage et les desserts du jour 9",
    ], fontSize: 12, width: 1400), ppi: 300, report: FlattenReport(method: .plane))

    func reader(_ selection: ReadSettings.LanguageSelection) throws -> PageReader {
        var settings = RunSettings(kind: .winelist)
        settings.read.languageSelection = selection
        return PageReader(engine: try TesseractEngine(configuration: settings.read.ocr), settings: settings.read)
    }

    @Test func theRunsLanguagesAreRecorded() throws {
        let reader = try reader(.fixed)
        let reading = reader.read(Self.frenchPage, plan: reader.plan(kind: .winelist, job: "j"), image: "p.png", receipts: ReceiptParser())
        #expect(reading.languages == LanguageChoice(languages: "eng", reason: "run settings"))
        #expect(reading.steps.time(.language) == nil)
    }

    @Test(.enabled(if: installed("fra"), "needs tesseract-ocr-fra (scripts/setup.sh installs it)"))
    func autoReadsAFrenchPageAgainWithFrench() throws {
        let reader = try reader(.auto)
        let reading = reader.read(Self.frenchPage, plan: reader.plan(kind: .winelist, job: "j"), image: "p.png", receipts: ReceiptParser())
        let choice = try #require(reading.languages)
        #expect(choice.reason.hasPrefix("auto: fra "), "\(choice.reason)")
        #expect(choice.reason.contains("; fra+eng "))
        #expect(reading.steps.time(.language) != nil)
        #expect((reading.page?.lines.flatMap(\.words).count ?? 0) > 30)
    }

    @Test(.enabled(if: installed("deu"), "needs tesseract-ocr-deu (scripts/setup.sh installs it)"))
    func aJobsLanguagesWinOverAuto() throws {
        let reader = try reader(.auto)
        let reading = reader.read(Self.frenchPage, plan: reader.plan(kind: .winelist, job: "j", languages: "deu+eng"), image: "p.png",
                                  receipts: ReceiptParser())
        #expect(reading.languages == LanguageChoice(languages: "deu+eng", reason: "job settings"))
        #expect(reading.steps.time(.language) == nil)
        #expect(reading.failure == nil)
    }

    @Test func aJobsMissingModelFailsThePageNamingThePackage() throws {
        let reader = try reader(.fixed)
        let reading = reader.read(Self.frenchPage, plan: reader.plan(kind: .winelist, job: "j", languages: "zzz_test"), image: "p.png",
                                  receipts: ReceiptParser())
        #expect(reading.failure?.kind == .missingLanguage)
        #expect(reading.failure?.message.contains("tesseract-ocr-zzz-test") == true)
    }
}
