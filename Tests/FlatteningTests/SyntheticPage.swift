import DecantTestSupport
@testable import Flattening
import Imaging

/// Test images made in code: a page of text drawn with leptonica's built-in bitmap font, and
/// photos of it on a textured table. Nothing is read from disk.
enum SyntheticPage {
    static let vocabulary = ["invoice", "total", "amount", "wine", "price", "bottle", "vintage", "reserve", "estate",
                             "merlot", "quantity", "description", "subtotal", "payment", "number", "date", "glass",
                             "red", "white", "cellar", "2019", "24.50", "118.00", "chateau", "domaine"]

    /// A white page with `lines` lines of words, left-aligned with ragged right ends.
    static func text(width: Int = 1000, height: Int = 1300, fontSize: Int = 6, lines: Int = 24, seed: UInt64 = 7) -> Raster {
        var random = SeededLCG(seed: seed)
        func next() -> Int { Int(random.next() >> 33) }
        let rows = (0..<lines).map { _ in
            let count = 3 + next() % 4
            return (0..<count).map { _ in vocabulary[next() % vocabulary.count] }.joined(separator: " ")
        }
        return TextImage.page(rows, width: width, height: height, fontSize: fontSize, left: 80, firstBaseline: 100,
                              pitch: (height - 160) / lines)
    }

    /// The page seen in a photo: warped so its corners land on `quad`, on a darker speckled table.
    static func photo(of page: Raster, quad: Quad, width: Int, height: Int, seed: UInt64 = 3) -> Raster {
        let rect = [Point(x: 0, y: 0), Point(x: Double(page.width), y: 0),
                    Point(x: Double(page.width), y: Double(page.height)), Point(x: 0, y: Double(page.height))]
        guard let map = Homography(from: quad.corners, to: rect) else { fatalError("degenerate test quad") }
        var random = SeededLCG(seed: seed)
        var out = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let (u, v) = map.apply(Double(x) + 0.5, Double(y) + 0.5)
                if u >= 0, v >= 0, u < Double(page.width - 1), v < Double(page.height - 1) {
                    out[y * width + x] = UInt8(min(255, max(0, page.sample(x: u, y: v) * 0.92)))
                } else {
                    out[y * width + x] = UInt8(70 + Int(random.next() >> 58))   // 70…133: a dark, grainy table
                }
            }
        }
        return Raster(width: width, height: height, channels: 1, pixels: out)
    }

    /// Rotates a raster by an arbitrary angle (clockwise on screen) about its centre onto a white canvas
    /// large enough to hold it.
    static func rotated(_ page: Raster, degrees: Double) -> Raster {
        let turn = PlaneRotation(degrees: degrees, center: Point(x: Double(page.width) / 2, y: Double(page.height) / 2))
        let frame = TextBlobs.fullFrame(width: page.width, height: page.height, rotation: turn)
        return page.rotatedCrop(degrees: degrees, center: turn.center, crop: frame)
    }
}
