import Foundation
import GRDB

/// One entry as seen on one night in one job: the rows of `decant history wine` and `history job`.
public struct Sighting: Sendable, Equatable {
    public var runID: Int64
    public var startedAt: Date
    public var job: String
    public var entry: HistoryEntry

    public init(runID: Int64, startedAt: Date, job: String, entry: HistoryEntry) {
        self.runID = runID
        self.startedAt = startedAt
        self.job = job
        self.entry = entry
    }
}

extension HistoryStore {
    /// A wine across restaurants and nights: QUERY is a catalogue id, or words that must all occur
    /// (as prefixes or parts of words) in the entry's name as read or its catalogue name.
    public func sightings(ofWine query: String, job: String? = nil) throws(HistoryError) -> [Sighting] {
        let tokens = WineIdentity.text.tokens(query)
        var conditions = ["entry.wineId = ?"]
        var arguments: [any DatabaseValueConvertible] = [query.trimmingCharacters(in: .whitespaces)]
        if !tokens.isEmpty {
            conditions.append("(" + tokens.map { _ in "entry.searchKey LIKE ?" }.joined(separator: " AND ") + ")")
            arguments += tokens.map { "%\($0)%" }
        }
        var sql = """
            SELECT entry.*, run.id AS runId, run.startedAt AS startedAt, runJob.job AS job
            FROM entry JOIN runJob ON runJob.id = entry.runJobId JOIN run ON run.id = runJob.runId
            WHERE entry.kind = 'wine' AND (\(conditions.joined(separator: " OR ")))
            """
        if let job {
            sql += " AND runJob.job = ?"
            arguments.append(job)
        }
        sql += " ORDER BY COALESCE(entry.wineName, entry.name) COLLATE NOCASE, runJob.job, run.id, entry.position"
        return try fetchSightings(sql: sql, arguments: StatementArguments(arguments), doing: "looking up a wine")
    }

    /// A job's list over time, oldest night first; `lastRuns` keeps only the job's most recent runs.
    public func sightings(ofJob job: String, lastRuns: Int? = nil) throws(HistoryError) -> [Sighting] {
        var sql = """
            SELECT entry.*, run.id AS runId, run.startedAt AS startedAt, runJob.job AS job
            FROM entry JOIN runJob ON runJob.id = entry.runJobId JOIN run ON run.id = runJob.runId
            WHERE runJob.job = ?
            """
        var arguments: [any DatabaseValueConvertible] = [job]
        if let lastRuns {
            sql += " AND runJob.runId IN (SELECT runId FROM runJob WHERE job = ? ORDER BY runId DESC LIMIT ?)"
            arguments += [job, lastRuns]
        }
        sql += " ORDER BY run.id, entry.position"
        return try fetchSightings(sql: sql, arguments: StatementArguments(arguments), doing: "listing a job")
    }

    /// Every job ever recorded, by name.
    public func jobNames() throws(HistoryError) -> [String] {
        do {
            return try database.read { db in try String.fetchAll(db, sql: "SELECT DISTINCT job FROM runJob ORDER BY job") }
        } catch {
            throw HistoryError.from(error, path: path, doing: "listing jobs")
        }
    }

    /// Every recorded run, oldest first.
    public func runs() throws(HistoryError) -> [StoredRun] {
        do {
            return try database.read { db in
                try Row.fetchAll(db, sql: "SELECT * FROM run ORDER BY id").map { row in
                    StoredRun(id: row["id"], startedAt: row["startedAt"], recordedAt: row["recordedAt"],
                              decantVersion: row["decantVersion"], inbox: row["inbox"], catalogue: row["catalogue"])
                }
            }
        } catch {
            throw HistoryError.from(error, path: path, doing: "listing runs")
        }
    }

    /// The images a job had in a run, with their content hashes.
    public func images(job: String, runID: Int64) throws(HistoryError) -> [HistoryImage] {
        do {
            return try database.read { db in
                try Row.fetchAll(db, sql: """
                    SELECT image.* FROM image JOIN runJob ON runJob.id = image.runJobId
                    WHERE runJob.job = ? AND runJob.runId = ? ORDER BY image.name
                    """, arguments: [job, runID]).map { HistoryImage(name: $0["name"], contentHash: $0["sha256"], error: $0["error"]) }
            }
        } catch {
            throw HistoryError.from(error, path: path, doing: "listing images")
        }
    }

    private func fetchSightings(sql: String, arguments: StatementArguments, doing: String) throws(HistoryError) -> [Sighting] {
        do {
            return try database.read { db in
                try Self.fetchEntries(db, sql: sql, arguments: arguments).map { id, row, entry in
                    Sighting(runID: row["runId"], startedAt: row["startedAt"], job: row["job"], entry: entry)
                }
            }
        } catch {
            throw HistoryError.from(error, path: path, doing: doing)
        }
    }
}
