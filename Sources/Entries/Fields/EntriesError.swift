/// A problem in a user-supplied table or file, with its line number.
public struct EntriesError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var message: String

    public init(file: String, line: Int? = nil, _ message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String { line.map { "\(file):\($0): \(message)" } ?? "\(file): \(message)" }
}
