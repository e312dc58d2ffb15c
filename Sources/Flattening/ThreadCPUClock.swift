import Foundation

/// CPU time of the calling thread, in milliseconds: what a step cost whatever else the machine runs
/// (wall-clock step times on a shared machine measure the neighbours too).
enum ThreadCPUClock {
    static var now: Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) * 1000 + Double(t.tv_nsec) / 1e6
    }
}
