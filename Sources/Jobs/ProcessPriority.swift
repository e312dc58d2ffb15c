import CPriority
import Foundation

/// The CPU and I/O priority `decant` was started with — by `nice` and `ionice`, systemd's `Nice=`
/// and `IOSchedulingClass=`, cron or a batch scheduler — which its worker processes take on.
///
/// On Linux both belong to each thread, and a new process starts with those of the thread that
/// spawned it. Workers are spawned from the Swift runtime's pool threads, which libdispatch sets
/// to the nice value of their QoS class: left alone, every worker of a root run reads at nice −2,
/// whatever the run was started at (`nice -n 10 decant run` too), and a nightly batch outranks
/// every normal process on the machine. First thing in `main.swift`, while the main thread is the
/// only one (`setUpAtStart`), the runner reads its priority, which it hands to each worker in its
/// environment, and a worker gives that priority to itself before anything else runs.
public struct ProcessPriority: Sendable, Equatable, CustomStringConvertible {
    /// −20 (highest) … 19 (lowest).
    public var nice: Int32
    /// Linux's ioprio value, class << 13 | level; 0 (class "none") lets the kernel derive the
    /// I/O priority from the nice value.
    public var io: Int32

    public init(nice: Int32, io: Int32) {
        self.nice = nice
        self.io = Self.settable(io)
    }

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case read(errno: Int32)
        case niceness(Int32, errno: Int32)
        case ioPriority(Int32, errno: Int32)

        public var description: String {
            switch self {
            case .read(let code): return "cannot read this thread's priority (\(String(cString: strerror(code))))"
            case .niceness(let value, let code):
                return "cannot set nice \(value) (\(String(cString: strerror(code)))): raising a priority needs CAP_SYS_NICE"
            case .ioPriority(let value, let code):
                return "cannot set I/O priority \(ProcessPriority.ioDescription(value)) (\(String(cString: strerror(code))))"
            }
        }
    }

    /// The calling thread's priority.
    public static func current() throws(Failure) -> ProcessPriority {
        var nice: Int32 = 0, io: Int32 = 0
        var code = decant_get_nice(0, &nice)
        guard code == 0 else { throw .read(errno: code) }
        code = decant_get_ioprio(0, &io)
        guard code == 0 else { throw .read(errno: code) }
        return ProcessPriority(nice: nice, io: io)
    }

    /// The priority of the process as it started; nil when it could not be read (workers then keep
    /// what they inherit). Read when first used: `setUpAtStart` makes that the main thread's first
    /// moments.
    public static let atStart: ProcessPriority? = try? current()

    /// A worker (`--worker` among the arguments) takes on its runner's priority; any other process
    /// records its own for the workers it will start.
    public static func setUpAtStart(arguments: [String] = CommandLine.arguments) {
        if arguments.dropFirst().contains("--worker") {
            adoptFromRunner()
        } else {
            _ = atStart
        }
    }

    /// Gives the calling thread this priority; threads it starts afterwards inherit it.
    public func apply() throws(Failure) {
        var code = decant_set_nice(nice)
        guard code == 0 else { throw .niceness(nice, errno: code) }
        code = decant_set_ioprio(io)
        guard code == 0 else { throw .ioPriority(io, errno: code) }
    }

    /// The worker's environment variable: "NICE IOPRIO".
    public static let variable = "DECANT_RUNNER_PRIORITY"

    public var environmentValue: String { "\(nice) \(io)" }

    public init?(environmentValue: String) {
        let fields = environmentValue.split(separator: " ")
        guard fields.count == 2, let nice = Int32(fields[0]), let io = Int32(fields[1]), (-20...19).contains(nice), io >= 0 else {
            return nil
        }
        self.init(nice: nice, io: io)
    }

    /// In a worker: takes on the runner's priority from the environment. A failure is a warning
    /// on stderr, not a reason to read nothing: the worker then runs at the priority it inherited.
    public static func adoptFromRunner(environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let value = environment[variable] else { return }
        guard let priority = ProcessPriority(environmentValue: value) else {
            FileHandle.standardError.write(Data("decant worker: warning: \(variable)=\"\(value)\" is not \"NICE IOPRIO\"; priority unchanged\n".utf8))
            return
        }
        do { try priority.apply() } catch {
            FileHandle.standardError.write(Data("decant worker: warning: \(error.description); running at the priority it inherited\n".utf8))
        }
    }

    public var description: String { "nice \(nice), I/O \(Self.ioDescription(io))" }

    /// "best-effort/7", "idle", "none" (from the nice value), as `ionice` names them.
    static func ioDescription(_ value: Int32) -> String {
        let level = value & 0x1FFF
        switch value >> 13 {
        case 0: return "none"
        case 1: return "realtime/\(level)"
        case 2: return "best-effort/\(level)"
        case 3: return "idle"
        default: return "class \(value >> 13)/\(level)"
        }
    }

    /// Class "none" carries no level when set (the kernel refuses one), although older kernels
    /// report it with level 4.
    static func settable(_ io: Int32) -> Int32 { io >> 13 == 0 ? 0 : io }
}
