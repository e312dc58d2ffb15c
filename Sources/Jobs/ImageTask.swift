/// One image of a job with its optional sidecars, found by the file-name contract:
/// `NAME.EXT` plus `NAME.depth.png`, `NAME.camera.json`, `NAME.gt.json` / `NAME.gt.txt`.
public struct ImageTask: Sendable, Equatable, Codable {
    public var job: String
    public var path: String
    public var depthPath: String?
    public var cameraPath: String?
    public var truthPath: String?
    /// The job folder's own settings (`decant-job.json`), when it has them.
    public var jobSettings: JobSettings?
    /// Why the image cannot be read at all, found before reading (a broken link, a file name that
    /// is not UTF-8); the image is reported as failed with this message.
    public var problem: String?

    public init(job: String, path: String, depthPath: String? = nil, cameraPath: String? = nil, truthPath: String? = nil,
                jobSettings: JobSettings? = nil) {
        self.job = job
        self.path = path
        self.depthPath = depthPath
        self.cameraPath = cameraPath
        self.truthPath = truthPath
        self.jobSettings = jobSettings
    }

    public var fileName: String { path.split(separator: "/").last.map(String.init) ?? path }
}

/// A folder of images processed together; its reports go to OUT/NAME/.
public struct Job: Sendable, Equatable {
    public var name: String
    public var directory: String
    public var images: [ImageTask]

    public init(name: String, directory: String, images: [ImageTask]) {
        self.name = name
        self.directory = directory
        self.images = images
    }
}
