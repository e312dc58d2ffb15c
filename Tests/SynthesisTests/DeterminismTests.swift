import DecantTestSupport
import Foundation
import Testing
@testable import Synthesis

@Suite struct DeterminismTests {
    let scratch = TemporaryFolder("decant-synth-tests")

    static func generate(into folder: String, seed: UInt64, options: SynthOptions) throws -> [String: Data] {
        let synthesizer = try Synthesizer(catalogue: try TestSupport.catalogue(), options: options)
        for index in 0..<3 {
            try SampleWriter.write(try synthesizer.make(seed: seed, index: index), folder: folder, name: "s-\(index)")
        }
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            files[name] = FileManager.default.contents(atPath: folder + "/" + name)
        }
        return files
    }

    /// Same seed and options: byte-identical photos, depth maps, flats, cameras and ground truth.
    @Test func sameSeedGivesIdenticalFiles() throws {
        var options = TestSupport.smallOptions()
        options.withFlat = true
        options.kind = .mixed
        options.shapes = [.perspective, .curl, .fold]
        let a = try Self.generate(into: scratch.folder("a"), seed: 5, options: options)
        let b = try Self.generate(into: scratch.folder("b"), seed: 5, options: options)
        #expect(a.count == 3 * 5)
        #expect(Set(a.keys) == Set(b.keys))
        for (name, data) in a { #expect(b[name] == data, "\(name) differs between two runs") }
        let c = try Self.generate(into: scratch.folder("c"), seed: 6, options: options)
        #expect(c["s-0.jpg"] != a["s-0.jpg"])
        #expect(c["s-0.gt.json"] != a["s-0.gt.json"])
    }

    /// Switching the extras on or off leaves the photo itself unchanged (separate random streams).
    @Test func extrasDoNotChangeThePhoto() throws {
        var with = TestSupport.smallOptions()
        with.withFlat = true
        with.shapes = [.wrinkle]
        var without = with
        without.withFlat = false
        without.depthWidth = nil
        without.depthHeight = nil
        let catalogue = try TestSupport.catalogue()
        let a = try Synthesizer(catalogue: catalogue, options: with).make(seed: 9, index: 1)
        let b = try Synthesizer(catalogue: catalogue, options: without).make(seed: 9, index: 1)
        #expect(a.photo == b.photo)
        #expect(a.depth != nil && b.depth == nil)
        #expect(a.flat != nil && b.flat == nil)
    }
}
