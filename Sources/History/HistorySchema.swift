import GRDB

/// The history's tables, created and evolved only through the migrator, so an old file is upgraded
/// in place and a file from a newer Decant is refused rather than damaged.
///
/// - `run`: one `decant run`: when, which Decant, which inbox and catalogue, settings as JSON.
/// - `runJob`: a job (restaurant) in a run. A job's previous run is its `runJob` with the largest
///   `runId` below tonight's.
/// - `image`: each image of a run's job with its SHA-256 and its error when it failed.
/// - `entry`: each entry with its identity, catalogue match, vintage, size and section.
/// - `price`: each price of an entry with its column meaning (glass, bottle, …); NULL amount = market price.
enum HistorySchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "run") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("startedAt", .datetime).notNull()
                t.column("recordedAt", .datetime).notNull()
                t.column("decantVersion", .text).notNull()
                t.column("inbox", .text).notNull()
                t.column("catalogue", .text).notNull()
                t.column("settings", .text).notNull()
            }
            try db.create(table: "runJob") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("run", onDelete: .cascade).notNull()
                t.column("job", .text).notNull()
                t.column("imageCount", .integer).notNull()
                t.column("failedImageCount", .integer).notNull()
                t.column("entryCount", .integer).notNull()
                t.uniqueKey(["runId", "job"])
            }
            try db.create(index: "runJob_on_job", on: "runJob", columns: ["job", "runId"])
            try db.create(table: "image") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("runJob", onDelete: .cascade).notNull()
                t.column("name", .text).notNull()
                t.column("sha256", .text)
                t.column("error", .text)
                t.uniqueKey(["runJobId", "name"])
            }
            try db.create(index: "image_on_sha256", on: "image", columns: ["sha256"])
            try db.create(table: "entry") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("runJob", onDelete: .cascade).notNull()
                t.column("position", .integer).notNull()
                t.column("kind", .text).notNull()
                t.column("image", .text).notNull()
                t.column("identity", .text).notNull()
                t.column("name", .text).notNull()
                // Normalized entry name and catalogue name, space-delimited, for `decant history wine`.
                t.column("searchKey", .text).notNull()
                t.column("wineId", .text)
                t.column("wineName", .text)
                t.column("wineVintage", .text)
                t.column("matchConfidence", .double)
                t.column("vintage", .text)
                t.column("bottleSizeML", .integer)
                t.column("section", .text)
                t.column("currency", .text)
                t.column("rawText", .text).notNull()
            }
            try db.create(index: "entry_on_wineId", on: "entry", columns: ["wineId"])
            try db.create(index: "entry_on_identity", on: "entry", columns: ["identity"])
            try db.create(table: "price") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("entry", onDelete: .cascade).notNull()
                t.column("position", .integer).notNull()
                t.column("meaning", .text).notNull()
                t.column("amount", .double)
                t.column("currency", .text)
            }
        }
        return migrator
    }
}
