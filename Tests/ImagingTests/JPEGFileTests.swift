import Foundation
import Testing
@testable import Imaging

@Suite struct JPEGFileTests {
    static func gradient(width: Int, height: Int) -> Raster {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 3
                pixels[i] = UInt8(x * 255 / (width - 1)); pixels[i + 1] = UInt8(y * 255 / (height - 1)); pixels[i + 2] = 128
            }
        }
        return Raster(width: width, height: height, channels: 3, pixels: pixels)
    }

    /// Written JPEGs load back at their size with their colours (within JPEG's loss), and the same
    /// pixels at the same quality always give the same bytes (no timestamps or metadata).
    @Test func writesLoadableDeterministicJPEG() throws {
        let raster = Self.gradient(width: 64, height: 48)
        let path = NSTemporaryDirectory() + "decant-jpeg-\(ProcessInfo.processInfo.processIdentifier).jpg"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try JPEGFile.write(raster, quality: 90, to: path)
        let loaded = try ImageLoader.load(path: path)
        #expect(loaded.format == .jpeg)
        #expect(loaded.raster.width == 64 && loaded.raster.height == 48 && loaded.raster.channels == 3)
        let worst = zip(loaded.raster.pixels, raster.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 255
        #expect(worst < 24, "JPEG round trip differs by \(worst) levels")
        #expect(try JPEGFile.encode(raster, quality: 90) == JPEGFile.encode(raster, quality: 90))
        #expect(try JPEGFile.encode(raster, quality: 90) != JPEGFile.encode(raster, quality: 50))
        // No EXIF: walk the header segments up to the scan and find no APP1 marker.
        let bytes = [UInt8](try JPEGFile.encode(raster, quality: 90))
        #expect(bytes.starts(with: [0xFF, 0xD8]))
        var markers: [UInt8] = []
        var i = 2
        while i + 3 < bytes.count, bytes[i] == 0xFF, bytes[i + 1] != 0xDA {
            markers.append(bytes[i + 1])
            i += 2 + Int(bytes[i + 2]) << 8 + Int(bytes[i + 3])
        }
        #expect(!markers.isEmpty)
        #expect(!markers.contains(0xE1), "APP1 (EXIF) segment in \(markers)")
    }
}
