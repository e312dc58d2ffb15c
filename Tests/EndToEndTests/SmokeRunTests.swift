import DecantTestSupport
import Entries
import Evaluation
import Foundation
import Testing

/// Runs the built `decant` over Corpus/smoke (three flat, clean photos: two wine lists and a
/// receipt) and checks that the vintages and prices it finds are exactly the ground truth's.
@Suite(.serialized) struct SmokeRunTests {
    let scratch = TemporaryFolder("decant-e2e")

    struct EntriesFile: Decodable {
        struct Record: Decodable {
            var image: String
            var kind: String
            var vintage: Vintage?
            var prices: [Price]
        }
        var entries: [Record]
    }

    /// Multiset difference, printed as "value ×count".
    static func missing<T: Hashable & Comparable>(_ a: [T], from b: [T]) -> [String] {
        var counts: [T: Int] = [:]
        for x in a { counts[x, default: 0] += 1 }
        for x in b { counts[x, default: 0] -= 1 }
        return counts.filter { $0.value > 0 }.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }
    }

    @Test func smokeJobFindsTheTrueVintagesAndPrices() throws {
        let binary = DecantProcess.binary
        try #require(FileManager.default.isExecutableFile(atPath: binary), "decant was not built next to the tests (\(binary))")
        let inbox = Repository.root + "/Corpus/smoke"
        let images = try FileManager.default.contentsOfDirectory(atPath: inbox).filter { $0.hasSuffix(".jpg") }.sorted()
        #expect(images.count == 3)
        let out = scratch.file("out")

        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["run", inbox, "--out", out, "--jobs", "1", "--quiet"]
        var environment = ProcessInfo.processInfo.environment
        environment["OMP_THREAD_LIMIT"] = "1"
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let watchdog = Watchdog.arm(process)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        watchdog.cancel()
        #expect(process.terminationStatus == 0, "decant run exited \(process.terminationStatus): \(stderr)")

        let entriesPath = try #require(FileManager.default.enumerator(atPath: out)?.compactMap { $0 as? String }
            .first { $0.hasSuffix("entries.json") }, "no entries.json under \(out)")
        let data = try #require(FileManager.default.contents(atPath: out + "/" + entriesPath))
        let found = try JSONDecoder().decode(EntriesFile.self, from: data).entries

        for image in images {
            let truth = try GroundTruth.load(path: inbox + "/" + image.dropLast(4) + ".gt.json")
            let records = found.filter { $0.image == image }
            let truePrices: [Double]
            let foundPrices = records.flatMap(\.prices).map { $0.amount ?? -1 }
            switch truth.kind {
            case .winelist:
                truePrices = truth.entries.flatMap(\.prices).map { $0.amount ?? -1 }
                let trueVintages = truth.entries.compactMap(\.vintage).map(\.description)
                let foundVintages = records.compactMap(\.vintage).map(\.description)
                #expect(Self.missing(trueVintages, from: foundVintages).isEmpty && Self.missing(foundVintages, from: trueVintages).isEmpty,
                        "\(image): vintages missed \(Self.missing(trueVintages, from: foundVintages)), extra \(Self.missing(foundVintages, from: trueVintages))")
            case .receipt:
                truePrices = (truth.receipt?.items ?? []).map(\.amount)
            }
            #expect(Self.missing(truePrices, from: foundPrices).isEmpty && Self.missing(foundPrices, from: truePrices).isEmpty,
                    "\(image): prices missed \(Self.missing(truePrices, from: foundPrices)), extra \(Self.missing(foundPrices, from: truePrices))")
        }
    }
}
