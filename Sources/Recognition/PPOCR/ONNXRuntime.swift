import CORT
import Synchronization

/// ONNX Runtime's C library, opened at run time. Decant does not link it: the library ships inside
/// the `onnxruntime` wheel on PyPI, which scripts/setup/ppocr.sh fetches, checks and unpacks into
/// Decant's cache folder, so a machine without it still builds and reads with Tesseract alone.
/// One per process (the runtime's environment owns its logging and thread state, and is safe to share
/// between threads); every session of the process is created from it.
public final class ONNXRuntime: @unchecked Sendable {
    /// The C API version asked for: the oldest that has every call Decant makes
    /// (`session.intra_op.allow_spinning` needs 1.8's table at least; 16 is 1.16, released 2023).
    static let apiVersion: UInt32 = 16

    let api: CORTApi
    private let environment: OpaquePointer
    /// Where input tensors live: ordinary memory Decant owns, handed over without a copy.
    let cpuMemory: OpaquePointer
    /// The library's own version ("1.32.0").
    public let version: String
    public let libraryPath: String

    private static let loaded = Mutex<[String: ONNXRuntime]>([:])

    /// The runtime at `path`, opened once per process and shared by every engine of the process.
    public static func shared(path: String) throws(PPOCRError) -> ONNXRuntime {
        let result: Result<ONNXRuntime, PPOCRError> = loaded.withLock { runtimes in
            if let runtime = runtimes[path] { return .success(runtime) }
            do throws(PPOCRError) {
                let runtime = try ONNXRuntime(path: path)
                runtimes[path] = runtime
                return .success(runtime)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private init(path: String) throws(PPOCRError) {
        var api = CORTApi()
        var error = [CChar](repeating: 0, count: 1024)
        var versionText: UnsafePointer<CChar>?
        guard cort_load(path, Self.apiVersion, &api, &versionText, &error, error.count) == 0, let versionText else {
            throw PPOCRError(.modelsMissing, "\(path): ONNX Runtime could not be loaded (\(Self.text(error))); "
                             + "run scripts/setup/ppocr.sh")
        }
        self.api = api
        libraryPath = path
        version = String(cString: versionText)
        // Only errors are logged: the runtime's warnings (unused initializers and the like) would
        // fill a night's log with lines no operator can act on.
        var environment: OpaquePointer?
        try Self.check(api, api.CreateEnv!(Int32(CORT_LOGGING_ERROR), "decant", &environment), "\(path): creating its environment")
        var memory: OpaquePointer?
        if let status = api.CreateCpuMemoryInfo!(Int32(CORT_ARENA_ALLOCATOR), Int32(CORT_MEM_DEFAULT), &memory) {
            if let environment { api.ReleaseEnv!(environment) }
            try Self.check(api, status, "\(path): describing CPU memory")
        }
        guard let environment, let memory else {
            throw PPOCRError(.modelInvalid, "\(path): ONNX Runtime returned no environment")
        }
        self.environment = environment
        cpuMemory = memory
    }

    deinit {
        api.ReleaseMemoryInfo!(cpuMemory)
        api.ReleaseEnv!(environment)
    }

    /// A session for the model at `path`, run on the calling thread only.
    func session(model path: String) throws(PPOCRError) -> ONNXSession {
        try ONNXSession(runtime: self, environment: environment, path: path)
    }

    /// Throws the status's message (and releases it) when the call failed.
    func check(_ status: OpaquePointer?, _ what: @autoclosure () -> String) throws(PPOCRError) {
        try Self.check(api, status, what())
    }

    static func check(_ api: CORTApi, _ status: OpaquePointer?, _ what: @autoclosure () -> String) throws(PPOCRError) {
        guard let status else { return }
        let message = api.GetErrorMessage!(status).map { String(cString: $0) } ?? "no message"
        api.ReleaseStatus!(status)
        throw PPOCRError(.inferenceFailed, "\(what()): \(message)")
    }

    /// A NUL-terminated message buffer as a String.
    static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
