import Pipeline

/// A folder of documents processed together; its reports go to OUT/NAME/.
public struct Job: Sendable, Equatable {
    public var name: String
    public var directory: String
    /// Every page of the folder, and every file that is not one, in file-name order.
    public var pages: [PageTask]

    public init(name: String, directory: String, pages: [PageTask]) {
        self.name = name
        self.directory = directory
        self.pages = pages
    }
}
