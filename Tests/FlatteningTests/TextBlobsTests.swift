@testable import Flattening
import Imaging
import Testing

@Suite struct TextBlobsTests {
    /// A table as a sideways page shows it: level lines of words whose starts do not line up,
    /// each led by a quantity in a left-aligned column.
    static func table() -> (blobs: [PixelRect], quantities: Int) {
        var blobs: [PixelRect] = []
        var state: UInt64 = 5
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33) % n
        }
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
        return (blobs, lines)
    }

    @Test func aSteepAngleKeepsTheBlobsOnLinesAcrossItToo() {
        let (blobs, quantities) = Self.table()
        let analysis = TextBlobs(blobs: blobs, medianHeight: 12, reduction: 1, page: nil)
        // Taken as the line direction, the columns hold little more than the quantities: a crop to
        // them alone is a strip of the page.
        let alongColumns = analysis.lineBlobs(angle: 90)
        #expect(alongColumns.count < quantities * 2)
        let both = analysis.lineBlobs(angles: [90, 0])
        #expect(both == blobs, "every blob sits on a level line")
        #expect(analysis.lineBlobs(angles: [0]) == analysis.lineBlobs(angle: 0))
    }
}
