import Foundation
import Logging

/// A swift-log handler for `--log-format json`: every event is one JSON object on one line, the
/// message as its "event" field and the metadata as the others, for cron mail and log collectors.
///
/// Keys are sorted, so a line reads the same on every run: swift-log hands metadata over as a
/// dictionary, whose order is its own. Numbers given as `.stringConvertible` (Int, Double, Bool)
/// stay JSON numbers and booleans; everything else is a string. No level or timestamp is added:
/// the lines are a record of the run, read by programs, and the run's own times are in them.
public struct JSONLinesLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level = .info
    private let write: @Sendable (Data) -> Void

    /// `write` receives each line with its newline; by default it goes to stdout.
    public init(write: @escaping @Sendable (Data) -> Void = { FileHandle.standardOutput.write($0) }) {
        self.write = write
    }

    /// A logger that prints through this handler.
    public static func logger(label: String = "decant", write: @escaping @Sendable (Data) -> Void = { FileHandle.standardOutput.write($0) }) -> Logger {
        Logger(label: label) { _ in JSONLinesLogHandler(write: write) }
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var fields = metadata.merging(event.metadata ?? [:]) { $1 }.mapValues(JSONValue.init)
        fields["event"] = .string(event.message.description)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let line = try? encoder.encode(fields) else { return }
        write(line + Data("\n".utf8))
    }
}

/// A metadata value as JSON.
private enum JSONValue: Encodable {
    case string(String)
    case integer(Int)
    case number(Double)
    case boolean(Bool)
    case array([JSONValue])
    case object([String: JSONValue])

    init(_ value: Logger.MetadataValue) {
        switch value {
        case .string(let text): self = .string(text)
        case .stringConvertible(let value):
            switch value {
            case let integer as Int: self = .integer(integer)
            case let number as Double: self = .number(number)
            case let boolean as Bool: self = .boolean(boolean)
            default: self = .string(value.description)
            }
        case .array(let values): self = .array(values.map(JSONValue.init))
        case .dictionary(let values): self = .object(values.mapValues(JSONValue.init))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let text): try container.encode(text)
        case .integer(let integer): try container.encode(integer)
        case .number(let number): try container.encode(number)
        case .boolean(let boolean): try container.encode(boolean)
        case .array(let values): try container.encode(values)
        case .object(let values): try container.encode(values)
        }
    }
}
