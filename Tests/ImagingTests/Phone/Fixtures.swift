import DecantTestSupport
import Foundation
@testable import Imaging

/// Made-up photos, depth maps and cameras for the round trips, and the shared data when present.
enum Fixture {
    /// A photo with structure in both directions (so a rotation or mirror shows), `width`×`height`.
    static func photo(width: Int = 96, height: Int = 64) -> Raster {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 3
                pixels[i] = UInt8(x * 255 / max(1, width - 1))
                pixels[i + 1] = UInt8(y * 255 / max(1, height - 1))
                pixels[i + 2] = (x / 8 + y / 8) % 2 == 0 ? 40 : 200
            }
        }
        return Raster(width: width, height: height, channels: 3, pixels: pixels)
    }

    /// A page tilted away from the camera: 300 mm at the left edge to 600 mm at the right, a little
    /// deeper at the bottom; `holes` zeroes a corner.
    static func depth(width: Int = 48, height: Int = 32, holes: Bool = false) -> DepthMap {
        var mm = [Float](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                mm[y * width + x] = 300 + 300 * Float(x) / Float(width - 1) + 20 * Float(y) / Float(height - 1)
            }
        }
        if holes { for y in 0..<4 { for x in 0..<4 { mm[y * width + x] = 0 } } }
        return DepthMap(width: width, height: height, millimetres: mm)
    }

    static func camera(width: Int = 96, height: Int = 64) -> CameraIntrinsics {
        CameraIntrinsics(fx: 80, fy: 80, cx: 50, cy: 30, width: width, height: height)
    }

    /// Warnings other than the small-photo notice every test photo here gets (they are 96x64).
    static func unexpected(_ warnings: [String]) -> [String] {
        warnings.filter { !$0.contains("print this small is unlikely to be read") }
    }

    /// Largest relative difference between a written depth (mm) and the read one (metres).
    static func worstRelativeError(_ written: DepthMap, _ read: EmbeddedDepth) -> Double {
        var worst = 0.0
        for i in 0..<written.millimetres.count where written.millimetres[i] > 0 {
            let expected = Double(written.millimetres[i]) / 1000
            worst = max(worst, abs(Double(read.values[i]) - expected) / expected)
        }
        return worst
    }
}

/// data/phone-depth beside the repository (../shared), else /work/shared; tests that need it skip without it.
enum SharedPhoneDepth {
    static let folder: String? = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        let relative = url.deletingLastPathComponent().appendingPathComponent("shared/data/phone-depth").path
        return [relative, "/work/shared/data/phone-depth"].first { FileManager.default.fileExists(atPath: $0 + "/reference.json") }
    }()
    static var available: Bool { folder != nil }
}
