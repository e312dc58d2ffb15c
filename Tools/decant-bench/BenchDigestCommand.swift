import ArgumentParser
import Documents
import Foundation

/// `decant-bench digest FILE...`: what naming a photo by its content costs a run (the result cache,
/// the history and the shard choice hash every file): SHA-256 of each file's bytes as `ContentHash`
/// computes it, the median of `--repeats`, and the rate.
struct BenchDigestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "digest",
        abstract: "Time ContentHash (SHA-256) over files, median of --repeats.")

    @Argument(help: "Files to hash (a 12 MP photo is the case that matters).")
    var files: [String]

    @Option(name: .long, help: "Timed repetitions per file.")
    var repeats = 20

    func run() throws {
        print("| file | MB | SHA-256, ms | MB/s |")
        print("|---|---:|---:|---:|")
        for path in files {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            var times: [Double] = []
            for _ in 0..<max(1, repeats) {
                let start = DispatchTime.now().uptimeNanoseconds
                var hash = ContentHash()
                hash.update(data)
                _ = hash.finalize()
                times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            }
            let median = times.sorted()[times.count / 2]
            let mb = Double(data.count) / 1e6
            print("| \((path as NSString).lastPathComponent) | \(String(format: "%.1f", mb)) | \(String(format: "%.2f", median)) | "
                  + "\(String(format: "%.0f", mb / (median / 1000))) |")
        }
    }
}
