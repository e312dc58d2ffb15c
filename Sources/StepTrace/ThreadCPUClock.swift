import Foundation

/// CPU time of the calling thread, as a `Clock`: what a step cost whatever else the machine runs
/// (wall-clock step times on a shared machine measure the neighbours too). The standard library
/// has no such clock; this one follows its protocol, so durations subtract and print as Swift's own.
public struct ThreadCPUClock: Clock {
    public struct Instant: InstantProtocol {
        /// Nanoseconds of CPU time this thread has used.
        let nanoseconds: Int64

        public func advanced(by duration: Duration) -> Instant {
            Instant(nanoseconds: nanoseconds + Int64(duration.milliseconds * 1e6))
        }

        public func duration(to other: Instant) -> Duration { .nanoseconds(other.nanoseconds - nanoseconds) }

        public static func < (a: Instant, b: Instant) -> Bool { a.nanoseconds < b.nanoseconds }
    }

    public init() {}

    public var now: Instant {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Instant(nanoseconds: Int64(t.tv_sec) * 1_000_000_000 + Int64(t.tv_nsec))
    }

    public var minimumResolution: Duration { .nanoseconds(1) }

    /// CPU time does not pass while a thread sleeps, so sleeping until a CPU instant is not offered.
    public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        throw CancellationError()
    }
}
