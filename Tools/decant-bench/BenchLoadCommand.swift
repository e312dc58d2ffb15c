import ArgumentParser
import Documents
import Foundation
import Imaging

/// `decant-bench load FILE...`: what looking for depth inside a photo costs the load stage. For each
/// file, the median time of ImageLoader decoding it as the pipeline did before phone formats
/// (gray), of PageLoader.loadPhoto (the depth search, the depth decoded and converted when there is
/// one, the colour kept for the depth flattener), and of the depth search alone on a JPEG's segments.
struct BenchLoadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "load",
        abstract: "Time the load stage with and without the search for depth inside the photo (median of --repeats).")

    @Argument(help: "Photos (JPEG, HEIC …).")
    var files: [String]

    @Option(name: .long, help: "Timed repetitions per file.")
    var repeats = 5

    func run() throws {
        print("| file | format | decode only, ms | loadPhoto, ms | depth search alone, ms | depth inside |")
        print("|---|---|---|---|---|---|")
        let loader = PageLoader()
        for path in files {
            let name = (path as NSString).lastPathComponent
            let bytes = try ImageLoader.readBytes(path: path, limit: ImageLimits.default.maxFileBytes)
            let format = ImageFormat.detect(bytes)
            var decode: [Double] = [], load: [Double] = [], search: [Double] = []
            var depth = "none"
            for _ in 0..<repeats {
                var start = DispatchTime.now().uptimeNanoseconds
                _ = try ImageLoader.decode(bytes, name: name, grayscale: true)
                decode.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
                start = DispatchTime.now().uptimeNanoseconds
                let photo = try loader.loadPhoto(PageSource(path: path))
                load.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
                depth = photo.facts?.depthSource ?? "none"
                if format == .jpeg {
                    start = DispatchTime.now().uptimeNanoseconds
                    _ = PhonePhotoReader.depthSearch(bytes, name: name)
                    search.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
                }
            }
            func median(_ v: [Double]) -> String { v.isEmpty ? "—" : String(format: "%.1f", v.sorted()[v.count / 2]) }
            print("| \(name) | \(format?.rawValue ?? "?") | \(median(decode)) | \(median(load)) | \(median(search)) | \(depth) |")
        }
    }
}
