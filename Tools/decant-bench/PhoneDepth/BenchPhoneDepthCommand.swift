import ArgumentParser
import BenchKit
import Foundation
import Imaging

/// `decant-bench phone-depth`: the embedded-depth readers against independent decoders' figures
/// (../shared/data/phone-depth/reference.json: libheif's heif-convert, exiftool).
struct BenchPhoneDepthCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "phone-depth",
        abstract: "Depth maps read from phone photos against independent decoders' figures.",
        discussion: """
        Reads every photo of the folder and compares its depth map with reference.json: size, the nine \
        sample pixels' stored and converted values; prints per file the median and 95th-percentile \
        relative error of the converted values (bars 1 % and 5 %). A file without a reference must decode \
        at its declared size and claim no depth (or, for the matte file, take the depth and not the \
        matte). Exit 0 when every file passes, 1 otherwise, 2 when the folder is missing.
        """)

    @Argument(help: "Folder with reference.json (default: ../shared/data/phone-depth, else /work/shared/data/phone-depth).")
    var folder: String?

    @Option(name: .long, help: "Write each file's converted depth map as OUT/NAME.pfm (metres, or the file's units when relative) for scripts/experiments/phone-depth-fullmap.py.")
    var writePFM: String?

    @Option(name: .long, parsing: .upToNextOption, help: "Print what `decant inspect` prints about each file.")
    var describe: [String] = []

    @Option(name: .long, help: "Write a made-up HEIC and Dynamic Depth JPEG with the corpus writers into this folder, for readers that are not ours (heif-info, exiftool).")
    var writeSamples: String?

    func run() throws {
        if !describe.isEmpty {
            for path in describe {
                do { print(try PhotoDescription.describe(path: path).text) } catch { print("\(error)") }
            }
            return
        }
        if let writeSamples {
            let (photo, depth, camera) = SampleScene.make()
            try HEICDepthWriter.write(photo: photo, depth: depth, intrinsics: camera, to: writeSamples + "/sample.heic")
            try DynamicDepthJPEGWriter.write(photo: photo, depth: depth, intrinsics: camera, to: writeSamples + "/sample-dynamic-depth.jpg")
            print("wrote \(writeSamples)/sample.heic and \(writeSamples)/sample-dynamic-depth.jpg (depth 300-620 mm, \(depth.width)x\(depth.height))")
            return
        }
        let candidates = folder.map { [$0] } ?? ["../shared/data/phone-depth", "/work/shared/data/phone-depth"]
        guard let folder = candidates.first(where: { FileManager.default.fileExists(atPath: $0 + "/reference.json") }) else {
            FileHandle.standardError.write(Data("decant-bench phone-depth: no reference.json in \(candidates.joined(separator: " or "))\n".utf8))
            throw ExitCode(2)
        }
        if let out = writePFM {
            let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
            for file in files where ["heic", "jpg", "jpeg"].contains((file as NSString).pathExtension.lowercased()) {
                do {
                    let photo = try PhonePhotoReader.read(path: folder + "/" + file)
                    guard let depth = photo.depth else { print("\(file): no depth"); continue }
                    try depth.writePFM(to: out + "/" + file + ".pfm")
                    print("\(file): \(depth.width)x\(depth.height) -> \(out)/\(file).pfm")
                } catch { print("\(error)") }
            }
            return
        }
        let report = PhoneDepthCheck.run(folder: folder)
        for line in report.lines { print(line) }
        print("\(report.passed) passed, \(report.failed) failed")
        if report.failed > 0 { throw ExitCode(1) }
    }
}
