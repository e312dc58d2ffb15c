/// Problems with an input file, each naming the file and saying what a user can do.
public struct ImagingError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable, Codable {
        case unreadable, empty, unsupportedFormat, corrupt, tooLarge, depthInvalid, cameraInvalid
    }
    public var kind: Kind
    public var file: String
    public var message: String

    public init(_ kind: Kind, file: String, _ message: String) {
        self.kind = kind
        self.file = file
        self.message = message
    }

    public var description: String { "\(file): \(message)" }
}
