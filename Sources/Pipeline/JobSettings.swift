import Documents
import Entries
import Foundation
import Recognition

/// Settings a job folder carries for itself in `decant-job.json`, overriding the run's for its
/// images: receipts from one country share a date order, and a restaurant's lists share a
/// language, whatever the other jobs of the inbox are.
///
///     { "dateOrder": "dmy", "languages": "deu+eng" }
public struct JobSettings: Sendable, Equatable, Codable {
    public static let fileName = SourceFile.jobSettingsName

    /// How numeric dates on this job's receipts are read: "dmy", "mdy" or "auto".
    public var dateOrder: DateOrder?
    /// Tesseract languages the job's pages are read with ("deu+eng"), instead of the run's `--lang`
    /// (and without `--lang auto`'s guess: whoever filed the job knows the language).
    public var languages: String?

    public init(dateOrder: DateOrder? = nil, languages: String? = nil) {
        self.dateOrder = dateOrder
        self.languages = languages
    }

    /// The job's settings, nil when the folder has none. A file that cannot be used is an error
    /// naming the file; the job then runs with the run's settings.
    public static func load(directory: String) throws(JobSettingsError) -> JobSettings? {
        let path = "\(directory)/\(fileName)"
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw JobSettingsError(message: "\(path): job settings cannot be read (permission denied?)")
        }
        return try parse(data, path: path)
    }

    /// Decodes and checks a settings file's contents; `path` names it in errors.
    public static func parse(_ data: Data, path: String) throws(JobSettingsError) -> JobSettings {
        let settings: JobSettings
        do { settings = try JSONDecoder().decode(JobSettings.self, from: data) } catch {
            throw JobSettingsError(message: "\(path): not valid job settings (expected {\"dateOrder\": \"dmy\" | \"mdy\" | \"auto\", "
                                   + "\"languages\": \"deu+eng\"}): \(error)")
        }
        if let languages = settings.languages { try checkLanguages(languages, path: path) }
        return settings
    }

    /// Language codes as Tesseract names its models (letters and `_`, joined by `+`), each installed:
    /// a job whose model is missing would otherwise fail on every page with the same error.
    static func checkLanguages(_ languages: String, path: String) throws(JobSettingsError) {
        let codes = languages.split(separator: "+", omittingEmptySubsequences: false)
        guard !codes.isEmpty, codes.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0 == "_") } }) else {
            throw JobSettingsError(message: "\(path): \"languages\" must be Tesseract language codes joined by \"+\", "
                                   + "e.g. \"deu+eng\" (got \"\(languages)\")")
        }
        do { try OCRConfiguration(languages: languages).validate() } catch {
            throw JobSettingsError(message: "\(path): \"languages\": \(error.message)")
        }
    }
}

/// A job folder's settings file that cannot be used; the job then runs with the run's settings.
public struct JobSettingsError: Error, Sendable {
    public var message: String
}
