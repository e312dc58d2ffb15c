import ArgumentParser
import BenchKit
import Foundation

/// `decant-bench sample`: lays out a fixed sample of `../shared/data` as an inbox, with each image's
/// truth where `decant run` finds it, for the real-document accuracy gate
/// (`scripts/ci/real-gate.sh`). Links only: nothing of the shared data is copied.
struct BenchSampleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sample",
        abstract: "Lay out the real-document gate's sample of ../shared/data as an inbox of links.",
        discussion: """
        The sample: 36 Inv3DReal photos (six documents, two warp classes each under all three lightings, every class \
        twice), 40 SROIE receipt scans (every fifth by number), the 14 real wine lists with ground truth (7 PDFs read \
        from their text layer, 7 images), and three of their pages photographed by decant synth's camera, mild and \
        hard (6 photos, written once into --photos).
        """)

    /// The gate's Inv3DReal documents: six of the ten, among them the three that read worst.
    static let gateDocuments = ["00411", "00745", "01457", "04777", "07723", "08181"]

    /// Pages of the real lists photographed for the gate, in a mild and a hard variant each
    /// (`PhotographedLists`): a list in name, region and price columns (olivo), price columns beside
    /// notes (blacksmiths), a two-column page (georgeclub).
    static let photographedPages = ["olivo-p1", "blacksmiths-p3", "georgeclub-p3"]

    @Option(help: "The shared data folder.")
    var data = "../shared/data"
    @Option(help: "Where the photographed pages are written once and linked from.")
    var photos = "Reports/photographed-gate"
    @Option(help: "The inbox to lay the sample out in (emptied first).")
    var inbox: String

    func run() throws {
        let samples = SharedSamples(data: data)
        let links = try samples.inv3d(documents: Self.gateDocuments, classesPerDocument: 2)
            + samples.sroie(every: 5)
            + samples.winelists()
        try SharedSamples.make(links, inbox: inbox)
        // Photographed pages are written once into the cache and linked, as the shared files are.
        let photographed = try PhotographedLists.make(from: "\(data)/winelists/docs", into: photos, seed: 1, only: Set(Self.photographedPages))
        let photoLinks = try FileManager.default.contentsOfDirectory(atPath: photos).sorted()
            .map { SharedSamples.Link(path: "photographed-lists/\($0)", target: "\(photos)/\($0)") }
        try SharedSamples.add(photoLinks, inbox: inbox)
        let images = links.filter { !$0.path.hasSuffix(".json") && !$0.path.hasSuffix(".csv") }.count + photographed
        print("sample: \(images) documents in \(inbox)")
    }
}
