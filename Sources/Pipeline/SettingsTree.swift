import Foundation

/// A settings value as its JSON encoding gives it: enough to list its fields by dotted path, to
/// compare two values field by field, and to change one field keeping its type. The run summary
/// (`RunSettings.summary`) and tuning runs' `--set` (decant-bench) both walk the settings this way,
/// so neither keeps its own list of names.
public enum SettingsTree: Equatable, Codable, Sendable {
    case object([String: SettingsTree]), array([SettingsTree]), bool(Bool), number(Double), string(String), null

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// `value`'s tree.
    public init<T: Encodable>(_ value: T) throws {
        self = try JSONDecoder().decode(SettingsTree.self, from: try JSONEncoder().encode(value))
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let v = try? c.decode(Bool.self) { self = .bool(v) }
        else if let v = try? c.decode(Double.self) { self = .number(v) }
        else if let v = try? c.decode(String.self) { self = .string(v) }
        else if let v = try? c.decode([String: SettingsTree].self) { self = .object(v) }
        else { self = .array(try c.decode([SettingsTree].self)) }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .object(let v): try c.encode(v)
        case .array(let v): try c.encode(v)
        case .bool(let v): try c.encode(v)
        case .number(let v): try c.encode(v)
        case .string(let v): try c.encode(v)
        case .null: try c.encodeNil()
        }
    }

    /// Every field that is not a group, by dotted path.
    public var leaves: [String: SettingsTree] {
        guard case .object(let fields) = self else { return [:] }
        var out: [String: SettingsTree] = [:]
        for (key, child) in fields {
            if case .object = child {
                for (path, leaf) in child.leaves { out["\(key).\(path)"] = leaf }
            } else {
                out[key] = child
            }
        }
        return out
    }

    /// The value as a person reads it: numbers without a needless ".0", lists joined; nil for null.
    public var text: String? {
        switch self {
        case .null: nil
        case .bool(let v): v ? "true" : "false"
        case .number(let v): v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
        case .string(let v): v
        case .array(let v): v.compactMap(\.text).joined(separator: ", ")
        case .object: nil
        }
    }

    /// The tree with the field at `path` set from `text`, read as the field's current type (number,
    /// true/false, text; `null` clears an optional).
    public func setting(_ path: String, to text: String) throws(Failure) -> SettingsTree {
        let keys = path.split(separator: ".").map(String.init)
        guard !keys.isEmpty else { throw Failure(description: "\(path)=\(text): no setting named") }
        return try replacing(keys[...], with: text, path: path)
    }

    func replacing(_ keys: ArraySlice<String>, with text: String, path: String) throws(Failure) -> SettingsTree {
        guard let key = keys.first else { return try parse(text, path: path) }
        guard case .object(var fields) = self else {
            throw Failure(description: "\(path): \(keys.joined(separator: ".")) goes inside a value that has no fields")
        }
        // An unset optional is not in the encoding: the last name is taken as one, and `set`
        // checks that the decoded value kept it.
        guard let child = fields[key] ?? (keys.count == 1 ? .null : nil) else {
            throw unknown(key, among: fields, path: path)
        }
        fields[key] = try child.replacing(keys.dropFirst(), with: text, path: path)
        return .object(fields)
    }

    func unknown(_ key: String, among fields: [String: SettingsTree], path: String) -> Failure {
        Failure(description: "\(path): no setting \"\(key)\" here (known: \(fields.keys.sorted().joined(separator: ", ")))")
    }

    func parse(_ text: String, path: String) throws(Failure) -> SettingsTree {
        if text == "null" { return .null }
        switch self {
        case .object, .array:
            throw Failure(description: "\(path): a group of settings, not one; name one of its fields")
        case .bool:
            switch text.lowercased() {
            case "1", "true", "yes", "on": return .bool(true)
            case "0", "false", "no", "off": return .bool(false)
            default: throw Failure(description: "\(path)=\(text): expected true or false")
            }
        case .number:
            guard let value = Double(text) else { throw Failure(description: "\(path)=\(text): expected a number") }
            return .number(value)
        case .null:
            return Double(text).map(SettingsTree.number) ?? .string(text)
        case .string:
            return .string(text)
        }
    }

    /// `value` with the field at `path` set from `text` (`path=text` in tuning runs).
    public static func set<T: Codable>(_ path: String, to text: String, in value: inout T) throws(Failure) {
        let tree: SettingsTree
        do { tree = try SettingsTree(value) } catch { throw Failure(description: "\(T.self) cannot be written as settings (\(error))") }
        let changed = try tree.setting(path, to: text)
        let decoded: T
        do { decoded = try JSONDecoder().decode(T.self, from: try JSONEncoder().encode(changed)) } catch {
            throw Failure(description: "\(path)=\(text): not a valid value (\(error))")
        }
        // A name that is no field decodes without complaint and is lost: refuse it.
        if text != "null", (try? SettingsTree(decoded).leaves[path]) == nil {
            var parent = tree
            for key in path.split(separator: ".").dropLast().map(String.init) {
                if case .object(let fields) = parent, let child = fields[key] { parent = child }
            }
            let fields: [String: SettingsTree]
            if case .object(let found) = parent { fields = found } else { fields = [:] }
            throw parent.unknown(String(path.split(separator: ".").last ?? ""), among: fields, path: path)
        }
        value = decoded
    }

    /// `assignment` as `path=value` (`SettingsTree.set`).
    public static func apply<T: Codable>(_ assignment: String, to value: inout T) throws(Failure) {
        guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
            throw Failure(description: "\(assignment): expected name=value")
        }
        try set(String(assignment[..<equals]), to: String(assignment[assignment.index(after: equals)...]), in: &value)
    }
}
