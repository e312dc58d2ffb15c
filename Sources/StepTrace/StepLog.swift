import Foundation

/// What happened to a page, step by step: a detail in words per step (the angle found, the model
/// applied, why a step was skipped) and the time steps took, on the wall clock or the thread's CPU
/// clock. pages.json shows it as one object of strings, as it always has: a detail under the step's
/// name, a wall time under `ms.NAME`, a CPU time under `cpuMS.NAME`, and what the depth path
/// measured before it gave up under `depth.…`; the typed form is what code and tests read.
public struct StepLog: Sendable, Equatable {
    /// Which clock timed a step.
    public enum TimeKind: String, Sendable, Equatable {
        case wall = "ms", threadCPU = "cpuMS"
    }

    /// Whose step it is: the page's own, or the depth path's before it gave up and image-only
    /// rectification flattened the page instead.
    public enum Scope: String, Sendable, Equatable {
        case page = "", depthAttempt = "depth."
    }

    public enum Value: Sendable, Equatable {
        case detail(String)
        case time(TimeKind, Duration)
    }

    public struct Entry: Sendable, Equatable {
        public var scope: Scope
        public var name: StepName
        public var value: Value

        /// The entry's key in pages.json.
        public var key: String {
            switch value {
            case .detail: scope.rawValue + name.rawValue
            case .time(let kind, _): scope.rawValue + kind.rawValue + "." + name.rawValue
            }
        }
    }

    /// In the order recorded; a step recorded again replaces its earlier value of the same kind.
    public private(set) var entries: [Entry] = []

    public init() {}

    /// The detail of a step of the page (nil: not recorded); setting nil removes it.
    public subscript(name: StepName) -> String? {
        get {
            for entry in entries where entry.scope == .page && entry.name == name {
                if case .detail(let text) = entry.value { return text }
            }
            return nil
        }
        set {
            let entry = newValue.map { Entry(scope: .page, name: name, value: .detail($0)) }
            replace(scope: .page, name: name, kind: nil, with: entry)
        }
    }

    /// How long a step of the page took on `kind`'s clock, when it was timed.
    public func time(_ name: StepName, _ kind: TimeKind = .wall) -> Duration? {
        for entry in entries where entry.scope == .page && entry.name == name {
            if case .time(kind, let duration) = entry.value { return duration }
        }
        return nil
    }

    public mutating func record(_ name: StepName, took duration: Duration, on kind: TimeKind = .wall) {
        replace(scope: .page, name: name, kind: kind, with: Entry(scope: .page, name: name, value: .time(kind, duration)))
    }

    /// Keeps what another attempt at the page measured (the depth path's steps before it gave up).
    public mutating func keep(_ attempt: StepLog, as scope: Scope) {
        for entry in attempt.entries where entry.scope == .page {
            var kept = entry
            kept.scope = scope
            replace(scope: scope, name: entry.name, kind: entry.timeKind, with: kept)
        }
    }

    /// Another stage's steps over these (the reading's orientation decision replaces the deferral
    /// the flattening recorded).
    public mutating func overlay(_ other: StepLog) {
        for entry in other.entries { replace(scope: entry.scope, name: entry.name, kind: entry.timeKind, with: entry) }
    }

    private mutating func replace(scope: Scope, name: StepName, kind: TimeKind?, with entry: Entry?) {
        if let index = entries.firstIndex(where: { $0.scope == scope && $0.name == name && $0.timeKind == kind }) {
            if let entry { entries[index] = entry } else { entries.remove(at: index) }
        } else if let entry {
            entries.append(entry)
        }
    }

    /// The pages.json form: every entry under its key, times in whole milliseconds.
    public var dictionary: [String: String] {
        var out: [String: String] = [:]
        for entry in entries {
            switch entry.value {
            case .detail(let text): out[entry.key] = text
            case .time(_, let duration): out[entry.key] = String(format: "%.0f", duration.milliseconds)
            }
        }
        return out
    }

    /// Reads the pages.json form back (worker replies, kept results). An unknown step name is an
    /// error: it would mean the result came from another build of Decant.
    public init(dictionary: [String: String]) throws(StepLogError) {
        for (key, text) in dictionary.sorted(by: { $0.key < $1.key }) {
            var rest = Substring(key)
            var scope = Scope.page
            if rest.hasPrefix(Scope.depthAttempt.rawValue) { scope = .depthAttempt; rest = rest.dropFirst(Scope.depthAttempt.rawValue.count) }
            var kind: TimeKind?
            for candidate in [TimeKind.wall, .threadCPU] where rest.hasPrefix(candidate.rawValue + ".") {
                kind = candidate
                rest = rest.dropFirst(candidate.rawValue.count + 1)
            }
            guard let name = StepName(rawValue: String(rest)) else { throw StepLogError(key: key) }
            if let kind {
                guard let ms = Double(text) else { throw StepLogError(key: key) }
                entries.append(Entry(scope: scope, name: name, value: .time(kind, .milliseconds(ms))))
            } else {
                entries.append(Entry(scope: scope, name: name, value: .detail(text)))
            }
        }
    }
}

extension StepLog: Codable {
    public init(from decoder: any Decoder) throws {
        let dictionary = try decoder.singleValueContainer().decode([String: String].self)
        do { try self.init(dictionary: dictionary) } catch {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(dictionary)
    }
}

extension StepLog.Entry {
    var timeKind: StepLog.TimeKind? {
        if case .time(let kind, _) = value { return kind }
        return nil
    }
}

/// A step name in a report that this build does not know.
public struct StepLogError: Error, Sendable, CustomStringConvertible {
    public var key: String
    public var description: String { "unknown step \"\(key)\" in a page report" }
}

extension Duration {
    /// The duration in milliseconds, as reports print it.
    public var milliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    }
}
