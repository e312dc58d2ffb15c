import Foundation

/// metrics.json: every evaluated image, pooled per job, per grouping dimension and for the corpus.
/// A baseline is the same file with a `gate` section holding its tolerances.
public struct MetricsReport: Sendable, Equatable, Codable {
    public static let currentSchemaVersion = 1
    /// Dimensions images are grouped by, each from the truth (shape, layout, kind) or the run (flatten).
    public static let dimensions = ["shape", "layout", "flatten", "kind"]

    public var schemaVersion: Int
    public var corpus: MetricsAggregate
    public var jobs: [String: MetricsAggregate]
    /// dimension → value → pooled counts, e.g. `groups["shape"]["curl"]`.
    public var groups: [String: [String: MetricsAggregate]]
    /// Sorted by job, then image.
    public var images: [ImageEvaluation]
    /// Ground truth that could not be read, each naming the file and the problem.
    public var problems: [String]
    /// Present in a baseline: how much each metric may get worse before the gate fails.
    public var gate: GateSettings?
    /// Real wine lists scored by their entries (a truth in the shared lists' format), sorted by job and
    /// file; nil when none was.
    public var lists: [ListEvaluation]?
    /// The lists' counts pooled (micro-averages).
    public var listTotals: ListCounts?

    public init(images: [ImageEvaluation], problems: [String] = [], gate: GateSettings? = nil, lists: [ListEvaluation] = []) {
        let sorted = images.sorted { ($0.job, $0.image) < ($1.job, $1.image) }
        self.schemaVersion = Self.currentSchemaVersion
        self.images = sorted
        self.problems = problems
        self.gate = gate
        if !lists.isEmpty {
            let ordered = lists.sorted { ($0.job, $0.file) < ($1.job, $1.file) }
            self.lists = ordered
            listTotals = ordered.map(\.counts).reduce(ListCounts(), +)
        }
        corpus = MetricsAggregate(sorted)
        jobs = Dictionary(grouping: sorted, by: \.job).mapValues(MetricsAggregate.init)
        var groups: [String: [String: MetricsAggregate]] = [:]
        for dimension in Self.dimensions {
            let tagged = Dictionary(grouping: sorted.filter { $0.tag(dimension) != nil }, by: { $0.tag(dimension) ?? "" })
            if !tagged.isEmpty { groups[dimension] = tagged.mapValues(MetricsAggregate.init) }
        }
        self.groups = groups
    }

    /// Aggregates are recomputed from the images, so a hand-edited total cannot drift from them.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let version = try c.decodeIfPresent(Int.self, forKey: .schemaVersion) ?? 1
        guard version <= Self.currentSchemaVersion else {
            throw DecodingError.dataCorruptedError(forKey: .schemaVersion, in: c,
                debugDescription: "schemaVersion \(version) is newer than this Decant understands (\(Self.currentSchemaVersion))")
        }
        self.init(images: try c.decodeIfPresent([ImageEvaluation].self, forKey: .images) ?? [],
                  problems: try c.decodeIfPresent([String].self, forKey: .problems) ?? [],
                  gate: try c.decodeIfPresent(GateSettings.self, forKey: .gate),
                  lists: try c.decodeIfPresent([ListEvaluation].self, forKey: .lists) ?? [])
    }

    public static func load(path: String) throws(MetricsError) -> MetricsReport {
        let file = (path as NSString).lastPathComponent
        guard let data = FileManager.default.contents(atPath: path) else { throw MetricsError("\(path): cannot be read") }
        do { return try JSONDecoder().decode(MetricsReport.self, from: data) } catch {
            throw MetricsError("\(file): not a Decant metrics file (\(error))")
        }
    }

    /// Every (scope, pooled counts) pair: "corpus", "job NAME", "shape curl", ….
    public func scopes() -> [(scope: String, aggregate: MetricsAggregate)] {
        var out: [(String, MetricsAggregate)] = [("corpus", corpus)]
        for dimension in Self.dimensions {
            for (value, aggregate) in (groups[dimension] ?? [:]).sorted(by: { $0.key < $1.key }) {
                out.append(("\(dimension) \(value)", aggregate))
            }
        }
        for (name, aggregate) in jobs.sorted(by: { $0.key < $1.key }) { out.append(("job \(name)", aggregate)) }
        return out
    }
}

public struct MetricsError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
