/// Problems that stop a synthetic image from being made, each saying what a user can do.
public struct SynthesisError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
