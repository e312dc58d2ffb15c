import Documents
import Entries
import Foundation

/// Settings a job folder carries for itself in `decant-job.json`, overriding the run's for its
/// images: receipts from one country share a date order, whatever the other jobs of the inbox are.
///
///     { "dateOrder": "dmy" }
public struct JobSettings: Sendable, Equatable, Codable {
    public static let fileName = SourceFile.jobSettingsName

    /// How numeric dates on this job's receipts are read: "dmy", "mdy" or "auto".
    public var dateOrder: DateOrder?

    public init(dateOrder: DateOrder? = nil) {
        self.dateOrder = dateOrder
    }

    /// The job's settings, nil when the folder has none. A file that cannot be used is an error
    /// naming the file; the job then runs with the run's settings.
    public static func load(directory: String) throws(JobSettingsError) -> JobSettings? {
        let path = "\(directory)/\(fileName)"
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw JobSettingsError(message: "\(path): job settings cannot be read (permission denied?)")
        }
        do { return try JSONDecoder().decode(JobSettings.self, from: data) } catch {
            throw JobSettingsError(message: "\(path): not valid job settings (expected {\"dateOrder\": \"dmy\" | \"mdy\" | \"auto\"}): \(error)")
        }
    }
}

/// A job folder's settings file that cannot be used; the job then runs with the run's settings.
public struct JobSettingsError: Error, Sendable {
    public var message: String
}
