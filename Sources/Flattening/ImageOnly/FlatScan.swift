import Imaging

/// Tells a scanner's output from a photo by its paper: on a scan the paper fills (nearly) the whole
/// frame and is evenly lit, close to white; in a photo it is grey, shaded or vignetted, and a table
/// or the background shows around it.
///
/// Such a page is already flat, level and evenly lit, and every rectifier step only resamples or
/// re-tones it: on the 100 SROIE receipt scans the full rectifier read 9 merchant names fewer than
/// the grey image as it is (company 0.65 against 0.74, total 0.85 against 0.86), while the
/// photometric step alone, without the geometry, cost both (company 0.72, total 0.81). No photo of
/// Inv3DReal or of the generated corpus passes the test (their paper's 5th percentile is at most 201).
public struct FlatScan: Sendable, Equatable {
    /// Share of the frame's tiles that are paper (their bright pixels above mid-grey).
    public var paperFraction: Double
    /// Brightness of the paper's darkest tiles: the 5th percentile, over paper tiles, of each
    /// tile's 90th-percentile brightness. Shadows, vignetting and grey paper pull it down.
    public var paperLevel: Double

    public static let minimumPaperFraction = 0.8
    public static let minimumPaperLevel = 225.0

    public var isFlat: Bool { paperFraction >= Self.minimumPaperFraction && paperLevel >= Self.minimumPaperLevel }

    public var description: String {
        "paper covers \(Int((paperFraction * 100).rounded()))% of the frame, its darkest tiles at \(Int(paperLevel.rounded()))"
    }

    /// Measures on a sample grid of about 800 points along the long side (every pixel of a small
    /// image), in tiles of 25×25 samples.
    public static func measure(_ gray: Raster) -> FlatScan {
        let step = max(1, max(gray.width, gray.height) / 800)
        let tile = 25 * step
        var tileLevels: [Int] = []
        var histogram = [Int](repeating: 0, count: 256)
        var y0 = 0
        while y0 + tile <= gray.height {
            var x0 = 0
            while x0 + tile <= gray.width {
                for i in histogram.indices { histogram[i] = 0 }
                var count = 0
                var y = y0
                while y < y0 + tile {
                    let row = y * gray.width * gray.channels
                    var x = x0
                    while x < x0 + tile {
                        histogram[Int(gray.pixels[row + x * gray.channels])] += 1
                        count += 1
                        x += step
                    }
                    y += step
                }
                // The tile's 90th percentile: its paper, unless ink or background covers 90% of it.
                var seen = 0
                var level = 255
                for v in 0..<256 {
                    seen += histogram[v]
                    if seen * 10 >= count * 9 { level = v; break }
                }
                tileLevels.append(level)
                x0 += tile
            }
            y0 += tile
        }
        guard !tileLevels.isEmpty else { return FlatScan(paperFraction: 0, paperLevel: 0) }
        let paper = tileLevels.filter { $0 >= 128 }.sorted()
        guard !paper.isEmpty else { return FlatScan(paperFraction: 0, paperLevel: 0) }
        return FlatScan(paperFraction: Double(paper.count) / Double(tileLevels.count),
                        paperLevel: Double(paper[paper.count * 5 / 100]))
    }
}
