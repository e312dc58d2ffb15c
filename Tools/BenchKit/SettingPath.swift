import Foundation

/// Sets one field of any Codable settings value by its dotted path (`--set receipts.rectifier.toneCurve=3`),
/// for tuning runs. The names are the settings' own property names, read off the value's encoding,
/// so a new setting can be tuned the day it exists and a misspelt one is refused with the names
/// that do exist. The shipped `decant` has no such setter: a user's run uses the measured values.
public enum SettingPath {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// `assignment` is `path=value`; the value is read as the field's current type (number,
    /// true/false, text, or `null` for an optional).
    public static func apply<T: Codable>(_ assignment: String, to value: inout T) throws(Failure) {
        guard let equals = assignment.firstIndex(of: "=") else {
            throw Failure(description: "\(assignment): expected name=value")
        }
        try set(String(assignment[..<equals]), to: String(assignment[assignment.index(after: equals)...]), in: &value)
    }

    public static func set<T: Codable>(_ path: String, to text: String, in value: inout T) throws(Failure) {
        let keys = path.split(separator: ".").map(String.init)
        guard !keys.isEmpty else { throw Failure(description: "\(path)=\(text): no setting named") }
        let tree: Node
        do { tree = try JSONDecoder().decode(Node.self, from: try JSONEncoder().encode(value)) } catch {
            throw Failure(description: "\(T.self) cannot be written as settings (\(error))")
        }
        let changed = try replacing(keys[...], in: tree, with: text, path: path)
        do {
            value = try JSONDecoder().decode(T.self, from: try JSONEncoder().encode(changed))
        } catch {
            throw Failure(description: "\(path)=\(text): not a valid value (\(error))")
        }
    }

    /// Every settable path of `value`, sorted.
    public static func paths<T: Encodable>(of value: T) -> [String] {
        guard let data = try? JSONEncoder().encode(value), let tree = try? JSONDecoder().decode(Node.self, from: data) else { return [] }
        return tree.leaves(prefix: "").sorted()
    }

    /// A settings value as JSON gives it: enough to walk and to change one leaf keeping its type.
    enum Node: Codable, Equatable {
        case object([String: Node]), array([Node]), bool(Bool), number(Double), string(String), null

        init(from decoder: any Decoder) throws {
            let c = try decoder.singleValueContainer()
            if c.decodeNil() { self = .null }
            else if let v = try? c.decode(Bool.self) { self = .bool(v) }
            else if let v = try? c.decode(Double.self) { self = .number(v) }
            else if let v = try? c.decode(String.self) { self = .string(v) }
            else if let v = try? c.decode([String: Node].self) { self = .object(v) }
            else { self = .array(try c.decode([Node].self)) }
        }

        func encode(to encoder: any Encoder) throws {
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

        func leaves(prefix: String) -> [String] {
            guard case .object(let fields) = self else { return prefix.isEmpty ? [] : [prefix] }
            return fields.flatMap { key, child in child.leaves(prefix: prefix.isEmpty ? key : "\(prefix).\(key)") }
        }
    }

    static func replacing(_ keys: ArraySlice<String>, in node: Node, with text: String, path: String) throws(Failure) -> Node {
        guard let key = keys.first else { return try parse(text, like: node, path: path) }
        guard case .object(var fields) = node else {
            throw Failure(description: "\(path): \(keys.joined(separator: ".")) goes inside a value that has no fields")
        }
        guard let child = fields[key] else {
            let known = node.leaves(prefix: "").sorted().prefix(80).joined(separator: ", ")
            throw Failure(description: "\(path): no setting \"\(key)\" here; known: \(known)")
        }
        fields[key] = try replacing(keys.dropFirst(), in: child, with: text, path: path)
        return .object(fields)
    }

    /// `text` as a value of the same JSON type as `current`.
    static func parse(_ text: String, like current: Node, path: String) throws(Failure) -> Node {
        if text == "null" { return .null }
        switch current {
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
            // An unset optional: a number if it reads as one, else text.
            return Double(text).map(Node.number) ?? .string(text)
        case .string:
            return .string(text)
        }
    }
}
