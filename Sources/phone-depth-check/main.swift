import Foundation
import Imaging
import PhoneFormats

// phone-depth-check [FOLDER]
// Reads every photo of data/phone-depth with PhoneFormats and compares the depth map with the
// independent decoders' figures in reference.json (libheif's heif-convert, exiftool): size, the nine
// sample pixels' stored and converted values. Prints per file the median and 95th-percentile relative
// error of the converted values (bars 1 % and 5 %). A file without a reference must decode at its
// declared size and claim no depth (or, for the matte file, take the depth and not the matte).
// Exit 0 when every file passes, 1 otherwise, 2 when the folder is missing.

let arguments = CommandLine.arguments.dropFirst()
let candidates = arguments.isEmpty ? ["../shared/data/phone-depth", "/work/shared/data/phone-depth"] : Array(arguments)
guard let folder = candidates.first(where: { FileManager.default.fileExists(atPath: $0 + "/reference.json") }) else {
    FileHandle.standardError.write(Data("phone-depth-check: no reference.json in \(candidates.joined(separator: " or "))\n".utf8))
    exit(2)
}
let report = PhoneDepthCheck.run(folder: folder)
for line in report.lines { print(line) }
print("\(report.passed) passed, \(report.failed) failed")
exit(report.failed == 0 ? 0 : 1)
