/// One image of a job in a run. The content hash tells whether a "changed" list was in fact a new
/// photo, and lets a later night recognise an image it has already seen.
public struct HistoryImage: Sendable, Equatable, Codable {
    public var name: String
    /// Lower-case hex SHA-256 of the file; nil when the file could not be read for hashing.
    public var contentHash: String?
    /// Why the image produced no entries; nil when it was read.
    public var error: String?

    public init(name: String, contentHash: String? = nil, error: String? = nil) {
        self.name = name
        self.contentHash = contentHash
        self.error = error
    }

    public var failed: Bool { error != nil }
}
