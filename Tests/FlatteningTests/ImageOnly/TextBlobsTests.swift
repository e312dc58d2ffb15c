@testable import Flattening
import Imaging
import Testing

@Suite struct TextBlobsTests {
    /// A table as a sideways page shows it: level lines of words whose starts do not line up,
    /// each led by a quantity in a left-aligned column.
    static func table() -> [PixelRect] {
        var blobs: [PixelRect] = []
        var rng = SplitMix64(seed: 5)
        func next(_ n: Int) -> Int { Int.random(in: 0..<n, using: &rng) }
        let lines = 12
        for l in 0..<lines {
            let y = 100 + l * 40
            blobs.append(PixelRect(x: 60, y: y, width: 10, height: 12))
            var x = 200 + next(60)
            for _ in 0..<(5 + next(4)) {
                let width = 40 + next(90)
                blobs.append(PixelRect(x: x, y: y + next(3), width: width, height: 12))
                x += width + 12 + next(16)
            }
        }
        return blobs
    }

    @Test func aSteepAngleKeepsTheBlobsOnLinesAcrossItToo() {
        let blobs = Self.table()
        let analysis = TextBlobs(blobs: blobs, medianHeight: 12, reduction: 1, page: nil)
        // Taken as the line direction, the columns hold the quantities and a few words that happen
        // to line up, well under half the page: a crop to them alone is a strip of it.
        let alongColumns = analysis.lineBlobs(angle: 90)
        #expect(alongColumns.count * 2 < blobs.count)
        let both = analysis.lineBlobs(angles: [90, 0])
        #expect(both == blobs, "every blob sits on a level line")
        #expect(analysis.lineBlobs(angles: [0]) == analysis.lineBlobs(angle: 0))
    }
}
