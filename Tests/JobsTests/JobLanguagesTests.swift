import Foundation
import Entries
import Pipeline
import Recognition
import Testing

@Suite("Job settings: languages")
struct JobLanguagesTests {
    func parse(_ json: String) throws(JobSettingsError) -> JobSettings {
        try JobSettings.parse(Data(json.utf8), path: "lists/decant-job.json")
    }

    @Test func aJobNamesItsLanguages() throws {
        let settings = try parse(#"{"languages": "eng"}"#)
        #expect(settings.languages == "eng")
        #expect(settings.dateOrder == nil)
        #expect(try parse(#"{"dateOrder": "dmy"}"#).languages == nil)
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "\(OCRConfiguration().resolvedDataPath)/deu.traineddata"),
                   "needs tesseract-ocr-deu (scripts/setup.sh installs it)"))
    func withDateOrderAndTwoLanguages() throws {
        let settings = try parse(#"{"dateOrder": "dmy", "languages": "deu+eng"}"#)
        #expect(settings.languages == "deu+eng")
        #expect(settings.dateOrder == .dayFirst)
    }

    @Test(arguments: ["deu eng", "deu,eng", "", "deu+", "../deu"])
    func aMalformedListIsAnErrorShowingTheForm(languages: String) throws {
        let error = try #require(throws: JobSettingsError.self) { try parse(#"{"languages": "\#(languages)"}"#) }
        #expect(error.message.hasPrefix("lists/decant-job.json: \"languages\" must be Tesseract language codes joined by \"+\""))
        #expect(error.message.contains("got \"\(languages)\""))
    }

    @Test func aMissingModelNamesItsPackage() throws {
        let error = try #require(throws: JobSettingsError.self) { try parse(#"{"languages": "zzz_test+eng"}"#) }
        #expect(error.message.hasPrefix("lists/decant-job.json: \"languages\": "))
        #expect(error.message.contains("apt-get install tesseract-ocr-zzz-test"))
    }

    @Test func aLanguagesValueOfTheWrongTypeNamesTheFile() throws {
        let error = try #require(throws: JobSettingsError.self) { try parse(#"{"languages": ["deu", "eng"]}"#) }
        #expect(error.message.hasPrefix("lists/decant-job.json: not valid job settings"))
        #expect(error.message.contains("\"languages\": \"deu+eng\""))
    }
}
