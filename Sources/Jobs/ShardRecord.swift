import Catalogue
import Foundation

/// OUT/shard.json, written last by a `decant run --shard K/N`: which part the folder holds and
/// the run-level settings `decant merge` must reproduce (the report filters shape entries.csv,
/// the settings summary goes into summary.json and the history). Its presence marks the shard as
/// finished; merging refuses shards whose records disagree.
public struct ShardRecord: Sendable, Equatable, Codable {
    public static let fileName = "shard.json"

    /// The report filters and budget, as `InsightOptions` holds them.
    public struct Insights: Sendable, Equatable, Codable {
        public var year: Int
        public var budget: Double?
        public var minScore: Double?
        public var colour: String?
        public var readyNow: Bool
        public var bestValueOnly: Bool
        /// Given rates and list currency (absent when none were given).
        public var rates: [ExchangeRate]?
        public var listCurrency: String?

        public init(_ options: InsightOptions) {
            year = options.year
            budget = options.budget
            minScore = options.minScore
            colour = options.colour
            readyNow = options.readyNow
            bestValueOnly = options.bestValueOnly
            rates = options.rates.isEmpty ? nil : options.rates
            listCurrency = options.listCurrency
        }

        public var options: InsightOptions {
            InsightOptions(year: year, budget: budget, minScore: minScore, colour: colour, readyNow: readyNow,
                           bestValueOnly: bestValueOnly, rates: rates ?? [], listCurrency: listCurrency)
        }
    }

    public var schemaVersion = 1
    public var shard: Shard
    /// The inbox as the shard was given it (ground truth is read from it again when merging).
    public var inbox: String
    /// nil: the built-in catalogue.
    public var catalogue: String?
    /// The result-shaping fingerprint (settings, catalogue, build): shards must share it.
    public var fingerprint: String
    public var settings: [String: String]
    public var insights: Insights
    public var html: Bool
    public var startedAt: Date
    public var wallClockMS: Double

    public init(shard: Shard, inbox: String, catalogue: String?, fingerprint: String, settings: [String: String],
                insights: Insights, html: Bool, startedAt: Date, wallClockMS: Double) {
        self.shard = shard
        self.inbox = inbox
        self.catalogue = catalogue
        self.fingerprint = fingerprint
        self.settings = settings
        self.insights = insights
        self.html = html
        self.startedAt = startedAt
        self.wallClockMS = wallClockMS
    }

    /// The parts of the record every shard of one run must agree on.
    func agrees(with other: ShardRecord) -> Bool {
        shard.count == other.shard.count && inbox == other.inbox && catalogue == other.catalogue
            && fingerprint == other.fingerprint && settings == other.settings && insights == other.insights
            && html == other.html
    }
}
