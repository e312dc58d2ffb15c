import DecantTestSupport
import Foundation
import Testing

/// The built `decant` on phone photos as phones write them: `decant inspect` against the independent
/// decoders' figures of ../shared/data/phone-depth, a run that reads every one of those files, and the
/// committed corpus photos whose depth is inside the file flattening exactly as with that depth beside it.
@Suite(.serialized) struct PhonePhotoEndToEndTests {
    let scratch = TemporaryFolder("decant-phone-e2e")
    static let phoneDepth = "data/phone-depth"

    struct Reference: Decodable {
        struct Sample: Decodable { var x: Int; var y: Int; var value: Double }
        var file: String
        var depthWidth: Int
        var depthHeight: Int
        var samples: [Sample]
    }

    struct Description: Decodable {
        struct Depth: Decodable { var source: String; var location: String; var width: Int; var height: Int; var scale: String }
        var container: String
        var width: Int
        var height: Int
        var depth: Depth?
    }

    /// A one-channel little-endian PFM (as `--depth-out` writes it), rows top-down.
    static func readPFM(_ path: String) throws -> (width: Int, height: Int, values: [Float]) {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var lines: [String] = [], start = 0
        for (i, b) in bytes.enumerated() where b == 0x0A {
            lines.append(String(decoding: bytes[start..<i], as: UTF8.self)); start = i + 1
            if lines.count == 3 { break }
        }
        try #require(lines.count == 3 && lines[0] == "Pf" && lines[2].hasPrefix("-"), "not a little-endian one-channel PFM: \(lines)")
        let size = lines[1].split(separator: " ").compactMap { Int($0) }
        try #require(size.count == 2)
        let (w, h) = (size[0], size[1])
        try #require(bytes.count == start + w * h * 4, "PFM of \(w)x\(h) has \(bytes.count - start) bytes of samples")
        var values = [Float](repeating: 0, count: w * h)
        for row in 0..<h {
            let y = h - 1 - row
            for x in 0..<w {
                let o = start + (row * w + x) * 4
                let bits = UInt32(bytes[o]) | UInt32(bytes[o + 1]) << 8 | UInt32(bytes[o + 2]) << 16 | UInt32(bytes[o + 3]) << 24
                values[y * w + x] = Float(bitPattern: bits)
            }
        }
        return (w, h, values)
    }

    static func percentile(_ sorted: [Double], _ q: Double) -> Double {
        let position = q * Double(sorted.count - 1)
        let low = Int(position.rounded(.down)), high = min(sorted.count - 1, low + 1)
        return sorted[low] + (sorted[high] - sorted[low]) * (position - Double(low))
    }

    static var photos: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: SharedData.path(phoneDepth))) ?? [])
            .filter { ["heic", "jpg"].contains(($0 as NSString).pathExtension) }.sorted()
    }

    @Test(.enabled(if: SharedData.exists(phoneDepth + "/reference.json"), "needs ../shared/data/phone-depth (absent: skipped)"))
    func inspectWritesTheDepthTheIndependentDecodersRead() throws {
        let folder = SharedData.path(Self.phoneDepth)
        let references = try JSONDecoder().decode([Reference].self, from: Data(contentsOf: URL(fileURLWithPath: folder + "/reference.json")))
        #expect(!Self.photos.isEmpty)
        for file in Self.photos {
            let pfm = scratch.file(file + ".pfm")
            let result = try DecantProcess.run(["inspect", "\(folder)/\(file)", "--json", "--depth-out", pfm])
            let description = try JSONDecoder().decode(Description.self, from: Data(result.stdout.utf8))
            #expect(description.width > 0 && description.height > 0, "\(file)")
            guard let reference = references.first(where: { $0.file == file }) else {
                if description.container == "heic" {
                    // The HEIC without depth claims none, and --depth-out says there is nothing to write.
                    #expect(description.depth == nil && result.status == 2, "\(file): \(result.stderr)")
                    #expect(result.stderr.contains("no usable depth"), "\(file): \(result.stderr)")
                } else {
                    // The JPEG whose MPF also holds a portrait matte: depth from the disparity image, not the matte.
                    #expect(result.status == 0, "\(file): \(result.stderr)")
                    let depth = try #require(description.depth, "\(file)")
                    #expect(depth.source == "appleMPFImage" && !depth.location.contains("matte"), "\(file): \(depth.location)")
                }
                continue
            }
            #expect(result.status == 0, "\(file): \(result.stderr)")
            let map = try Self.readPFM(pfm)
            #expect(map.width == reference.depthWidth && map.height == reference.depthHeight, "\(file): \(map.width)x\(map.height)")
            guard map.width == reference.depthWidth, map.height == reference.depthHeight else { continue }
            let errors = reference.samples.map { s in abs(Double(map.values[s.y * map.width + s.x]) - s.value) / abs(s.value) }.sorted()
            let median = Self.percentile(errors, 0.5), p95 = Self.percentile(errors, 0.95)
            #expect(median <= 0.01 && p95 <= 0.05, "\(file): median \(median), 95th percentile \(p95)")
        }
    }

    @Test(.enabled(if: SharedData.exists(phoneDepth + "/reference.json"), "needs ../shared/data/phone-depth (absent: skipped)"))
    func aRunReadsEveryPhoneFileAndACorruptHEICFailsAlone() throws {
        let folder = SharedData.path(Self.phoneDepth)
        let job = scratch.file("inbox/phone")
        try FileManager.default.createDirectory(atPath: job, withIntermediateDirectories: true)
        for file in Self.photos { try FileManager.default.createSymbolicLink(atPath: "\(job)/\(file)", withDestinationPath: "\(folder)/\(file)") }
        let heic = try #require(Self.photos.first { $0.hasSuffix(".heic") })
        let whole = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(heic)"))
        try whole.prefix(2000).write(to: URL(fileURLWithPath: "\(job)/cut.heic"))

        let result = try DecantProcess.run(["run", scratch.file("inbox"), "--out", scratch.file("out"), "--jobs", "1", "--quiet", "--timeout", "900",
                                            "--no-history", "--no-html"])
        #expect(result.status == 2, "one page fails: \(result.stderr)")
        let pages = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: scratch.file("out/phone/pages.json"))))
        let records = try #require((pages as? [String: Any])?["pages"] as? [[String: Any]])
        let byImage = Dictionary(records.map { ($0["image"] as? String ?? "", $0) }, uniquingKeysWith: { a, _ in a })
        #expect(Set(byImage.keys) == Set(Self.photos + ["cut.heic"]), "\(byImage.keys.sorted())")
        for file in Self.photos {
            #expect(byImage[file]?["error"] == nil, "\(file): \(String(describing: byImage[file]?["error"]))")
        }
        let failure = try #require(byImage["cut.heic"]?["error"] as? [String: Any])
        #expect((failure["message"] as? String)?.hasPrefix("cut.heic:") == true, "\(failure)")
        // The depth inside is recorded where a file holds one.
        let facts = byImage.values.compactMap { $0["photo"] as? [String: Any] }
        #expect(facts.contains { $0["depthSource"] as? String == "heifAuxiliaryImage" })
        #expect(facts.contains { $0["depthSource"] as? String == "googleDepthXMP" && $0["depthScale"] as? String == "relative" })
    }

    /// Corpus photos whose depth is inside the file: HEIC, and JPEGs with no depth or camera sidecar
    /// beside them in a folder of photos with depth.
    static var embeddedDepthCorpusPhotos: [String] {
        let corpus = Repository.root + "/Corpus"
        let all = (FileManager.default.enumerator(atPath: corpus)?.allObjects as? [String]) ?? []
        return all.filter { path in
            if path.hasSuffix(".heic") { return true }
            guard path.hasSuffix(".jpg"), !path.hasPrefix("smoke/"), !path.contains("/flat/") else { return false }
            let base = corpus + "/" + (path as NSString).deletingPathExtension
            return !FileManager.default.fileExists(atPath: base + ".depth.png") && !FileManager.default.fileExists(atPath: base + ".camera.json")
        }.sorted().map { corpus + "/" + $0 }
    }

    @Test func corpusPhotosFlattenByTheirOwnDepthExactlyAsByTheSameDepthBesideThem() throws {
        let photos = Self.embeddedDepthCorpusPhotos
        try #require(!photos.isEmpty, "the committed corpus holds photos with the depth inside (docs/corpus-contents.md)")
        let job = scratch.file("inbox/pairs")
        try FileManager.default.createDirectory(atPath: job, withIntermediateDirectories: true)
        var pairs: [(String, String)] = []
        for path in photos {
            let name = (path as NSString).lastPathComponent, ext = (name as NSString).pathExtension
            let base = (name as NSString).deletingPathExtension, twin = "\(base)-sidecar.\(ext)"
            try FileManager.default.copyItem(atPath: path, toPath: "\(job)/\(name)")
            try FileManager.default.copyItem(atPath: path, toPath: "\(job)/\(twin)")
            let inspect = try DecantProcess.run(["inspect", path, "--depth-out", "\(job)/\(base)-sidecar.depth.pfm"])
            #expect(inspect.status == 0, "\(name): \(inspect.stderr)")
            pairs.append((name, twin))
        }
        let result = try DecantProcess.run(["run", scratch.file("inbox"), "--out", scratch.file("out"), "--jobs", "1", "--quiet", "--timeout", "900",
                                            "--no-history", "--no-html"])
        #expect(result.status == 0, "\(result.stderr)")
        let pages = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: scratch.file("out/pairs/pages.json"))))
        let records = try #require((pages as? [String: Any])?["pages"] as? [[String: Any]])
        let byImage = Dictionary(records.map { ($0["image"] as? String ?? "", $0) }, uniquingKeysWith: { a, _ in a })
        func flatten(_ image: String) -> NSDictionary? {
            guard var report = byImage[image]?["flatten"] as? [String: Any] else { return nil }
            report["steps"] = (report["steps"] as? [String: Any])?.filter { !$0.key.hasPrefix("ms.") && !$0.key.hasPrefix("cpuMS.") }
            return report as NSDictionary
        }
        for (own, twin) in pairs {
            let ownFacts = byImage[own]?["photo"] as? [String: Any], twinFacts = byImage[twin]?["photo"] as? [String: Any]
            #expect(ownFacts?["depthSource"] as? String != "sidecar" && ownFacts?["depthSource"] != nil, "\(own): \(String(describing: ownFacts))")
            #expect(twinFacts?["depthSource"] as? String == "sidecar", "\(twin): \(String(describing: twinFacts))")
            #expect(["plane", "surface"].contains(flatten(own)?["method"] as? String), "\(own) flattened by its depth")
            #expect(flatten(own) == flatten(twin), "\(own): the flattening differs from its twin's")
            let ownText = try String(contentsOfFile: scratch.file("out/pairs/\((own as NSString).deletingPathExtension).txt"), encoding: .utf8)
            let twinText = try String(contentsOfFile: scratch.file("out/pairs/\((twin as NSString).deletingPathExtension).txt"), encoding: .utf8)
            #expect(!ownText.isEmpty && ownText == twinText, "\(own): the text differs from its twin's")
        }
    }
}
