import Foundation

/// CPU time since this value was made, and the process's peak resident size.
struct ResourceUsage {
    private let start: Double

    init() { start = Self.processCPUSeconds() }

    var cpuSeconds: Double { Self.processCPUSeconds() - start }

    static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }

    /// Peak resident set size of this process so far (Linux reports kilobytes).
    static var peakRSSMB: Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss / 1024
    }
}
