/// One page of a document in a job folder, with the sidecars that describe it, found by the
/// file-name contract (`NAME.EXT` plus `NAME.depth.png`, `NAME.camera.json`, `NAME.gt.json` /
/// `NAME.gt.txt`). Plain paths only: nothing is read until the page is loaded, so discovery stays
/// cheap and the page can be sent to a worker process as it is.
public struct PageSource: Sendable, Equatable, Codable {
    public var path: String
    /// The page of a multi-page document (a PDF), 1-based; nil for a file that is one page (a photo).
    public var page: Int?
    public var depthPath: String?
    public var cameraPath: String?
    public var truthPath: String?
    /// Why the page cannot be read at all, found before reading (a broken link, a file name that is
    /// not UTF-8, a file that is not a document); the page is reported as failed with this problem.
    public var problem: SourceProblem?

    public init(path: String, page: Int? = nil, depthPath: String? = nil, cameraPath: String? = nil, truthPath: String? = nil,
                problem: SourceProblem? = nil) {
        self.path = path
        self.page = page
        self.depthPath = depthPath
        self.cameraPath = cameraPath
        self.truthPath = truthPath
        self.problem = problem
    }

    public var fileName: String { path.split(separator: "/").last.map(String.init) ?? path }

    /// The file name, with the page of a multi-page document: `list.pdf`, `list.pdf p3`.
    public var name: String { page.map { "\(fileName) p\($0)" } ?? fileName }
}

/// Why a file of a job cannot become a page, found by looking at its name and first bytes.
public struct SourceProblem: Sendable, Equatable, Codable {
    /// As pages.json names it: `unreadable` (a broken link, a name that is not UTF-8), `unsupported`
    /// (neither a page source nor a sidecar Decant knows), or what a document's reader said (`passwordNeeded`,
    /// `damaged`, `tooManyPages` …).
    public var kind: String
    /// What a user reads, without the file name (the report names the file).
    public var message: String

    public static let unreadable = "unreadable", unsupported = "unsupported"

    public init(_ kind: String, _ message: String) {
        self.kind = kind
        self.message = message
    }
}
