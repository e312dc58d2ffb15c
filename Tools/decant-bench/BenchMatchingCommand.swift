import ArgumentParser
import BenchKit
import Catalogue
import DecantCLI
import Foundation

/// `decant bench matching`: accuracy, speed, load time, memory and calibration of the catalogue
/// matcher on the ../shared/bench/matching data (run side by side with RapidFuzz by
/// scripts/bench/bench-matching.sh).
struct BenchMatchingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "matching",
        abstract: "Catalogue matcher: top-1, queries/s on one core, load time, peak memory, reliability table.",
        discussion: """
        DIR holds catalogue.tsv and queries.tsv as written by ../shared/bench/matching/gen_data.py. \
        --fit-calibration fits the confidence model on DIR (use a seed other than the one you report on) \
        and writes it as JSON (the shipped one is Sources/Catalogue/Resources/match-calibration.json).
        """)

    @Argument(help: "Folder with catalogue.tsv and queries.tsv.")
    var data: String

    @Option(name: .long, help: "Threads for the batch throughput figure (the headline q/s is always one core).")
    var workers: Int = 2

    @Option(name: .long, help: "Print up to N wrong answers with the expected row.")
    var showMisses: Int = 0

    @Option(name: .long, help: "Write the figures as JSON to this file.")
    var json: String?

    @Option(name: .long, help: "RapidFuzz results (bench_rapidfuzz.py --json) to print beside Decant's.")
    var yardstick: [String] = []

    @Option(name: .long, help: "Answer threshold to try instead of the calibration's (for choosing it on a development set).")
    var threshold: Double?

    @Option(name: .long, help: "Fit the calibration on this data and write it to FILE.")
    var fitCalibration: String?

    @Option(name: .long, help: "Instead of benchmarking, write a copy of DATA to this folder in which a share of the queries (--holdout) have no answer.")
    var writeHoldout: String?

    @Option(name: .long, help: "Share of queries whose wine is removed from the catalogue, with --write-holdout.")
    var holdout: Double = 0.15

    @Option(name: .long, help: "Share of queries whose row alone (not the wine's other vintages) is removed, with --write-holdout.")
    var variantShare: Double = 0

    func run() throws {
        if let writeHoldout {
            do {
                try MatchingBenchmark.writeHoldout(catalogueTSV: "\(data)/catalogue.tsv", queriesTSV: "\(data)/queries.tsv",
                                                   share: holdout, variantShare: variantShare, to: writeHoldout)
            } catch { throw ValidationError(error.description) }
            print("wrote \(writeHoldout)/catalogue.tsv and queries.tsv (\(Int(holdout * 100))% of queries without an answer)")
            return
        }
        let rssBefore = MemoryUsage.current()
        let cpuBefore = MemoryUsage.cpuSeconds()
        var t0 = DispatchTime.now()
        let catalogue: Catalogue
        let queries: [LabelledQuery]
        do {
            catalogue = try Catalogue.load(path: "\(data)/catalogue.tsv")
            queries = try MatchingBenchmark.readQueries(path: "\(data)/queries.tsv")
        } catch { throw ValidationError(error.description) }
        let readSeconds = seconds(since: t0)
        t0 = DispatchTime.now()
        var matcher = Matcher(catalogue: catalogue)
        let indexSeconds = seconds(since: t0)
        let loadCPU = MemoryUsage.cpuSeconds() - cpuBefore
        let loadedRSS = MemoryUsage.current()

        if let fitCalibration {
            let samples = MatchingBenchmark.calibrationSamples(matcher, queries: queries)
            let model = MatchCalibration.fit(samples, names: MatchCalibration.builtIn.features,
                                             fittedOn: "\((data as NSString).lastPathComponent): \(catalogue.count) rows, \(samples.count) queries, \(queries.filter { $0.expectedID == nil }.count) without an answer")
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            do { try encoder.encode(model).write(to: URL(fileURLWithPath: fitCalibration)) } catch {
                throw ValidationError("\(fitCalibration): could not write (\(error.localizedDescription))")
            }
            print("fitted calibration on \(samples.count) queries → \(fitCalibration)")
            matcher.calibration = model
        }

        if let threshold { matcher.calibration.threshold = threshold }
        // One core: a plain loop on this thread.
        let scratch = matcher.makeScratch()
        var results: [MatchResult] = []
        results.reserveCapacity(queries.count)
        t0 = DispatchTime.now()
        for q in queries { results.append(matcher.match(MatchQuery(q.text), scratch: scratch)) }
        let matchSeconds = seconds(since: t0)
        // All cores: the batch API.
        t0 = DispatchTime.now()
        let batch = try blocking { [matcher, queries, workers] in await matcher.match(queries.map { MatchQuery($0.text) }, workers: workers) }
        let batchSeconds = seconds(since: t0)
        let peak = MemoryUsage.peak()

        var correct = 0, labelCorrect = 0, noAnswer = 0, noAnswerRight = 0, variantQueries = 0, variantRight = 0
        var outcomes: [(confidence: Double, correct: Bool)] = []
        var byType: [MatchType: (Int, Int)] = [:]
        var misses: [String] = []
        for (q, r) in zip(queries, results) {
            let ok = MatchingBenchmark.isCorrect(r, query: q, in: catalogue)
            if ok { correct += 1 }
            if MatchingBenchmark.isLabelCorrect(r, query: q, in: catalogue) { labelCorrect += 1 }
            if q.expectedID == nil && q.labelID == nil { noAnswer += 1; if ok { noAnswerRight += 1 } }
            if q.labelID != nil { variantQueries += 1; if ok { variantRight += 1 } }
            outcomes.append((r.confidence, ok))
            byType[r.type, default: (0, 0)].0 += 1
            if ok { byType[r.type, default: (0, 0)].1 += 1 }
            if !ok && misses.count < showMisses {
                let want = q.expectedID.flatMap { catalogue.index(ofID: $0) }.map { "\(catalogue.displayName(at: $0)) \(catalogue.vintage(at: $0)?.description ?? "")" } ?? "(no answer)"
                let got = r.best.map { "\($0.name) \($0.vintage?.description ?? "") [\(r.type.rawValue) \(String(format: "%.2f", r.confidence))]" } ?? "(none \(String(format: "%.2f", r.confidence)))"
                misses.append("  q:    \(q.text)\n  want: \(want)\n  got:  \(got)")
            }
        }
        let batchAgrees = zip(batch, results).allSatisfy { $0.matchedID == $1.matchedID }
        let n = Double(max(queries.count, 1))
        let reliability = ReliabilityTable(outcomes)
        let qps = Double(queries.count) / matchSeconds

        print("decant matcher on \(data): \(catalogue.count) catalogue rows, \(queries.count) queries (\(queries.filter { $0.expectedID == nil }.count) without an answer row)")
        if !catalogue.problems.isEmpty { print("catalogue notes: \(catalogue.problems.count) (first: \(catalogue.problems[0]))") }
        print("")
        print("| matcher | top-1 | top-1 label | queries/s (1 core) | load + index | peak RSS |")
        print("|---|---|---|---|---|---|")
        print(String(format: "| Decant | %.3f | %.3f | %.0f | %.2f s + %.2f s | %@ |", Double(correct) / n, Double(labelCorrect) / n, qps,
                     readSeconds, indexSeconds, MemoryUsage.format(peak)))
        for path in yardstick {
            for row in Yardstick.rows(path: path) { print(row) }
        }
        print("")
        print(String(format: "batch (%d threads): %.0f queries/s; same answers as the one-core loop: %@", workers,
                     Double(queries.count) / batchSeconds, batchAgrees ? "yes" : "NO"))
        print(String(format: "load + index: %.2f s wall, %.2f s CPU (the wall time grows when other processes share the cores)", readSeconds + indexSeconds, loadCPU))
        print("memory: \(MemoryUsage.format(rssBefore)) before loading, \(MemoryUsage.format(loadedRSS)) with the catalogue and index, \(MemoryUsage.format(peak)) peak")
        if noAnswer > 0 { print(String(format: "queries without an answer: %d, answered \"no wine\" for %.3f", noAnswer, Double(noAnswerRight) / Double(noAnswer))) }
        if variantQueries > 0 { print(String(format: "queries whose vintage was removed: %d, answered as a vintage variant of the right wine for %.3f", variantQueries, Double(variantRight) / Double(variantQueries))) }
        let types = MatchType.allCases.compactMap { t in byType[t].map { "\(t.rawValue) \($0.0) (\($0.1) right)" } }
        print("answer types: " + types.joined(separator: ", "))
        print("")
        print("reliability (confidence that the answer is right vs observed):")
        print(reliability.markdown)
        if !misses.isEmpty { print("\nmisses:\n" + misses.joined(separator: "\n")) }

        if let json {
            let figures: [String: Any] = [
                "data": data, "rows": catalogue.count, "queries": queries.count, "withoutAnswer": noAnswer,
                "top1": Double(correct) / n, "top1Label": Double(labelCorrect) / n, "qpsOneCore": qps,
                "qpsBatch": Double(queries.count) / batchSeconds, "batchWorkers": workers,
                "loadSeconds": readSeconds, "indexSeconds": indexSeconds, "loadCPUSeconds": loadCPU, "peakRSSBytes": peak ?? 0,
                "ece": reliability.expectedCalibrationError,
                "reliability": reliability.bins.map { ["lower": $0.lower, "upper": $0.upper, "count": $0.count,
                                                       "meanConfidence": $0.meanConfidence, "accuracy": $0.accuracy] },
            ]
            do {
                let out = try JSONSerialization.data(withJSONObject: figures, options: [.prettyPrinted, .sortedKeys])
                try out.write(to: URL(fileURLWithPath: json))
            } catch { throw ValidationError("\(json): could not write (\(error.localizedDescription))") }
        }
    }

    func seconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }
}

/// Resident memory from /proc/self/status (Linux): VmRSS now, VmHWM the peak so far.
enum MemoryUsage {
    static func field(_ name: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
            let digits = line.dropFirst(name.count + 1).filter(\.isNumber)
            return Int(digits).map { $0 * 1024 }
        }
        return nil
    }

    static func current() -> Int? { field("VmRSS") }

    /// CPU time of this process (all threads) so far.
    static func cpuSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
    static func peak() -> Int? { field("VmHWM") }

    static func format(_ bytes: Int?) -> String {
        guard let bytes else { return "n/a" }
        return String(format: "%.0f MB", Double(bytes) / 1_048_576)
    }
}

/// Rows of the comparison table from bench_rapidfuzz.py's JSON output.
enum Yardstick {
    static func rows(path: String) -> [String] {
        guard let data = FileManager.default.contents(atPath: path),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let scorers = object["scorers"] as? [String: Any] else { return ["| RapidFuzz (\(path) unreadable) | | | | | |"] }
        let processor = object["processor"] as? String ?? "?"
        return scorers.keys.sorted().compactMap { name in
            guard let s = scorers[name] as? [String: Any] else { return nil }
            let top1 = s["top1"] as? Double ?? 0, label = s["top1_label"] as? Double ?? 0, qps = s["extractOne_qps"] as? Double ?? 0
            return String(format: "| RapidFuzz %@ (%@) | %.3f | %.3f | %.1f | | |", name, processor, top1, label, qps)
        }
    }
}
