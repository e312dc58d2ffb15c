import Entries
import Foundation
import GRDB

/// The SQLite run history. WAL mode, so `decant history` can read while a run writes; one writer at
/// a time (GRDB serializes writes in-process, SQLite's lock with a busy timeout across processes);
/// one IMMEDIATE transaction per run, so a run is recorded whole or not at all, and the "previous
/// run" a night is compared with cannot change under it.
public final class HistoryStore: Sendable {
    public enum Mode: Sendable {
        /// Creates the file and brings its schema up to date.
        case readWrite
        /// Never creates or changes the file (the `decant history` commands).
        case readOnly
    }

    public let path: String
    let database: any DatabaseWriter

    /// - Parameter busyTimeout: seconds to wait for another process's write before calling the
    ///   database locked. A run's transaction takes well under a second, so a longer wait means a
    ///   stuck writer.
    public init(path: String, mode: Mode = .readWrite, busyTimeout: Double = 5) throws(HistoryError) {
        self.path = path
        var config = Configuration()
        config.busyMode = .timeout(busyTimeout)
        config.label = "history"
        let exists = FileManager.default.fileExists(atPath: path)
        do {
            switch mode {
            case .readOnly:
                guard exists else {
                    throw HistoryError(.missing, path: path, "no history here (a `decant run` with --history writes one)")
                }
                config.readonly = true
                database = try DatabaseQueue(path: path, configuration: config)
                let completed = try database.read { db in
                    (try HistorySchema.migrator.hasCompletedMigrations(db), try HistorySchema.migrator.hasBeenSuperseded(db))
                }
                if completed.1 { throw Self.newerSchema(path) }
                guard completed.0 else {
                    throw HistoryError(.other, path: path, "not a Decant history, or one from an older Decant that no run has upgraded yet")
                }
            case .readWrite:
                let folder = (path as NSString).deletingLastPathComponent
                if !folder.isEmpty { try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
                let pool = try DatabasePool(path: path, configuration: config)
                if try pool.read({ try HistorySchema.migrator.hasBeenSuperseded($0) }) { throw Self.newerSchema(path) }
                try HistorySchema.migrator.migrate(pool)
                database = pool
            }
        } catch {
            throw HistoryError.from(error, path: path, doing: "opening it")
        }
    }

    static func newerSchema(_ path: String) -> HistoryError {
        HistoryError(.newerSchema, path: path, "history was written by a newer Decant; this version leaves it untouched")
    }

    /// Records a run and returns each job's changes against that job's previous run, all in one
    /// transaction. `beforeCommit` runs last inside the transaction; throwing from it rolls the
    /// whole run back (tests use it to stand in for a crash at the worst moment).
    public func record(_ run: RunRecord, beforeCommit: (() throws -> Void)? = nil) throws(HistoryError) -> RecordedRun {
        do {
            return try database.write { db in
                let recordedAt = Date()
                let settings = String(decoding: try Self.json.encode(run.settings), as: UTF8.self)
                try db.execute(sql: """
                    INSERT INTO run (startedAt, recordedAt, decantVersion, inbox, catalogue, settings) VALUES (?, ?, ?, ?, ?, ?)
                    """, arguments: [run.startedAt, recordedAt, run.decantVersion, run.inbox, run.catalogue, settings])
                let runID = db.lastInsertedRowID
                var jobs: [JobChanges] = []
                for snapshot in run.jobs.sorted(by: { $0.job < $1.job }) {
                    let previous = try Self.previousSnapshot(db, job: snapshot.job, before: runID)
                    let changes = ChangeDetector.changes(previous: previous?.snapshot, current: snapshot)
                    try Self.insert(snapshot, runID: runID, db)
                    let skipped = previous.map { $0.snapshot.failedImages.union(snapshot.failedImages) } ?? []
                    jobs.append(JobChanges(job: snapshot.job, previousRunID: previous?.runID,
                                           previousRunStartedAt: previous.map { HistoryDate.iso($0.startedAt) },
                                           skippedImages: skipped.sorted(), changes: changes))
                }
                try beforeCommit?()
                let stored = StoredRun(id: runID, startedAt: run.startedAt, recordedAt: recordedAt,
                                       decantVersion: run.decantVersion, inbox: run.inbox, catalogue: run.catalogue)
                return RecordedRun(run: stored, jobs: jobs)
            }
        } catch {
            throw HistoryError.from(error, path: path, doing: "recording the run")
        }
    }

    static let json: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    static func insert(_ snapshot: JobSnapshot, runID: Int64, _ db: Database) throws {
        try db.execute(sql: """
            INSERT INTO runJob (runId, job, imageCount, failedImageCount, entryCount) VALUES (?, ?, ?, ?, ?)
            """, arguments: [runID, snapshot.job, snapshot.images.count, snapshot.failedImages.count, snapshot.entries.count])
        let runJobID = db.lastInsertedRowID
        let image = try db.cachedStatement(sql: "INSERT INTO image (runJobId, name, sha256, error) VALUES (?, ?, ?, ?)")
        for item in snapshot.images {
            try image.execute(arguments: [runJobID, item.name, item.contentHash, item.error])
        }
        let entry = try db.cachedStatement(sql: """
            INSERT INTO entry (runJobId, position, kind, image, identity, name, searchKey, wineId, wineName, wineVintage,
                               matchConfidence, vintage, bottleSizeML, section, currency, rawText)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let price = try db.cachedStatement(sql: "INSERT INTO price (entryId, position, meaning, amount, currency) VALUES (?, ?, ?, ?, ?)")
        for (position, e) in snapshot.entries.enumerated() {
            try entry.execute(arguments: [
                runJobID, position, e.kind.rawValue, e.image, WineIdentity(e).description, e.name, searchKey(e),
                e.wineID, e.wineName, e.wineVintage?.description, e.matchConfidence, e.vintage?.description,
                e.bottleSizeML, e.section, e.currency, e.rawText,
            ])
            let entryID = db.lastInsertedRowID
            for (index, p) in e.prices.enumerated() {
                try price.execute(arguments: [entryID, index, p.column.rawValue, p.amount, p.currency])
            }
        }
    }

    static func searchKey(_ entry: HistoryEntry) -> String {
        " \(WineIdentity.normalize(entry.name)) | \(WineIdentity.normalize(entry.wineName ?? "")) "
    }

    struct PreviousSnapshot {
        var runID: Int64
        var startedAt: Date
        var snapshot: JobSnapshot
    }

    static func previousSnapshot(_ db: Database, job: String, before runID: Int64) throws -> PreviousSnapshot? {
        guard let row = try Row.fetchOne(db, sql: """
            SELECT runJob.id AS runJobId, run.id AS runId, run.startedAt AS startedAt
            FROM runJob JOIN run ON run.id = runJob.runId
            WHERE runJob.job = ? AND runJob.runId < ? ORDER BY runJob.runId DESC LIMIT 1
            """, arguments: [job, runID]) else { return nil }
        let runJobID: Int64 = row["runJobId"]
        let images = try Row.fetchAll(db, sql: "SELECT name, sha256, error FROM image WHERE runJobId = ? ORDER BY id",
                                      arguments: [runJobID]).map { HistoryImage(name: $0["name"], contentHash: $0["sha256"], error: $0["error"]) }
        let entries = try fetchEntries(db, sql: "SELECT * FROM entry WHERE runJobId = ? ORDER BY position", arguments: [runJobID])
        return PreviousSnapshot(runID: row["runId"], startedAt: row["startedAt"],
                                snapshot: JobSnapshot(job: job, images: images, entries: entries.map(\.entry)))
    }

    /// Entries selected by `sql` (which must select `entry.*`), with their prices, in the query's order.
    static func fetchEntries(_ db: Database, sql: String, arguments: StatementArguments) throws -> [(id: Int64, row: Row, entry: HistoryEntry)] {
        let rows = try Row.fetchAll(db, sql: sql, arguments: arguments)
        guard !rows.isEmpty else { return [] }
        var prices: [Int64: [Price]] = [:]
        let ids: [Int64] = rows.map { $0["id"] }
        // Bounded IN lists keep within SQLite's variable limit on very long lists.
        for start in stride(from: 0, to: ids.count, by: 500) {
            let chunk = Array(ids[start..<min(start + 500, ids.count)])
            let marks = Array(repeating: "?", count: chunk.count).joined(separator: ",")
            for p in try Row.fetchAll(db, sql: "SELECT entryId, meaning, amount, currency FROM price WHERE entryId IN (\(marks)) ORDER BY entryId, position",
                                      arguments: StatementArguments(chunk)) {
                let meaning: String = p["meaning"]
                prices[p["entryId"], default: []].append(Price(amount: p["amount"], column: PriceColumn(rawValue: meaning) ?? .unknown,
                                                                currency: p["currency"]))
            }
        }
        return rows.map { row in
            let id: Int64 = row["id"]
            let kind: String = row["kind"]
            let entry = HistoryEntry(
                kind: HistoryEntry.Kind(rawValue: kind) ?? .wine, image: row["image"], name: row["name"],
                wineID: row["wineId"], wineName: row["wineName"], wineVintage: (row["wineVintage"] as String?).flatMap(Vintage.init),
                matchConfidence: row["matchConfidence"], vintage: (row["vintage"] as String?).flatMap(Vintage.init),
                bottleSizeML: row["bottleSizeML"], section: row["section"], currency: row["currency"],
                prices: prices[id] ?? [], rawText: row["rawText"])
            return (id, row, entry)
        }
    }
}

/// What `record` returns: the stored run and each job's changes.
public struct RecordedRun: Sendable, Equatable {
    public var run: StoredRun
    public var jobs: [JobChanges]
}

/// Dates in reports: ISO 8601 in UTC, to the second.
public enum HistoryDate {
    public static func iso(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}
