import BenchKit
import Foundation
import Imaging
import Imaging

// phone-depth-check [FOLDER]
// Reads every photo of data/phone-depth with PhoneFormats and compares the depth map with the
// independent decoders' figures in reference.json (libheif's heif-convert, exiftool): size, the nine
// sample pixels' stored and converted values. Prints per file the median and 95th-percentile relative
// error of the converted values (bars 1 % and 5 %). A file without a reference must decode at its
// declared size and claim no depth (or, for the matte file, take the depth and not the matte).
// Exit 0 when every file passes, 1 otherwise, 2 when the folder is missing.
//
// phone-depth-check --write-pfm OUT [FOLDER]
// Writes each file's converted depth map as OUT/NAME.pfm (see scripts/experiments/phone-depth-fullmap.py).
//
// phone-depth-check --describe FILE...
// Prints what `decant inspect` will print about each file (PhotoDescription.text).
//
// phone-depth-check --write-samples DIR
// Writes a made-up HEIC and Dynamic Depth JPEG with the corpus writers, for other tools to open
// (heif-info, exiftool): the writers' output checked by readers that are not ours.

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--write-pfm", arguments.count >= 2 {
    // Each file's converted depth map as PFM (metres, or the file's units when relative), at its own
    // size, for scripts/experiments/phone-depth-fullmap.py to compare with independent decoders pixel by pixel.
    let out = arguments[1]
    let folder = arguments.count > 2 ? arguments[2] : "/work/shared/data/phone-depth"
    let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    for file in files where ["heic", "jpg", "jpeg"].contains((file as NSString).pathExtension.lowercased()) {
        do {
            let photo = try PhonePhotoReader.read(path: folder + "/" + file)
            guard let depth = photo.depth else { print("\(file): no depth"); continue }
            try depth.writePFM(to: out + "/" + file + ".pfm")
            print("\(file): \(depth.width)x\(depth.height) -> \(out)/\(file).pfm")
        } catch { print("\(error)") }
    }
    exit(0)
}
if arguments.first == "--describe" {
    for path in arguments.dropFirst() {
        do { print(try PhotoDescription.describe(path: path).text) } catch { print("\(error)") }
    }
    exit(0)
}
if arguments.first == "--write-samples", arguments.count == 2 {
    let folder = arguments[1]
    let (photo, depth, camera) = SampleScene.make()
    do {
        try HEICDepthWriter.write(photo: photo, depth: depth, intrinsics: camera, to: folder + "/sample.heic")
        try DynamicDepthJPEGWriter.write(photo: photo, depth: depth, intrinsics: camera, to: folder + "/sample-dynamic-depth.jpg")
        print("wrote \(folder)/sample.heic and \(folder)/sample-dynamic-depth.jpg (depth 300-620 mm, \(depth.width)x\(depth.height))")
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("phone-depth-check: \(error)\n".utf8))
        exit(1)
    }
}
let candidates = arguments.isEmpty ? ["../shared/data/phone-depth", "/work/shared/data/phone-depth"] : arguments
guard let folder = candidates.first(where: { FileManager.default.fileExists(atPath: $0 + "/reference.json") }) else {
    FileHandle.standardError.write(Data("phone-depth-check: no reference.json in \(candidates.joined(separator: " or "))\n".utf8))
    exit(2)
}
let report = PhoneDepthCheck.run(folder: folder)
for line in report.lines { print(line) }
print("\(report.passed) passed, \(report.failed) failed")
exit(report.failed == 0 ? 0 : 1)
