@testable import Flattening
import Imaging
import Testing

@Suite struct TextLineDewarpTests {
    /// Letter-sized blobs along lines that sag like a curled page: y = base + k (x − 500)².
    func curledBlobs(k: Double) -> [PixelRect] {
        var out: [PixelRect] = []
        for line in 0..<12 {
            var x = 100.0
            while x < 900 {
                let y = 100 + Double(line) * 40 + k * (x - 500) * (x - 500)
                out.append(PixelRect(x: Int(x), y: Int(y - 6), width: 9, height: 12))
                x += 12
            }
        }
        return out
    }

    @Test func followsACurlAndModelsItsDisplacement() throws {
        let k = 0.0001   // 16 px of sag from the middle to the ends
        let lines = TextLineDewarp.lines(from: curledBlobs(k: k), medianHeight: 12)
        #expect(lines.count == 12, "one chain per text line, found \(lines.count)")
        let model = try #require(TextLineDewarp.model(lines: lines, width: 1000, height: 700, medianHeight: 12,
                                                      reduction: 1, minLines: 6))
        // Along the 6th line the displacement is the line's height minus its mean height.
        let line = lines.sorted { $0.meanY < $1.meanY }[5]
        for x in stride(from: 200.0, through: 800.0, by: 150) {
            let expected = line.y(at: x) - line.meanY
            #expect(abs(model.displacement(x: x, y: line.meanY) - expected) < 2.5, "at x = \(x)")
        }
        #expect(model.maxDisplacement > 8)
    }

    @Test func straightLinesNeedNoCorrection() throws {
        let lines = TextLineDewarp.lines(from: curledBlobs(k: 0), medianHeight: 12)
        let model = try #require(TextLineDewarp.model(lines: lines, width: 1000, height: 700, medianHeight: 12,
                                                      reduction: 1, minLines: 6))
        #expect(model.maxDisplacement < 0.5)
    }

    @Test func tooFewLinesGiveNoModel() {
        let few = Array(curledBlobs(k: 0).prefix(120))   // under two lines
        let lines = TextLineDewarp.lines(from: few, medianHeight: 12)
        #expect(TextLineDewarp.model(lines: lines, width: 1000, height: 700, medianHeight: 12, reduction: 1, minLines: 6) == nil)
    }
    /// Pale notes broken into specks under each line of bold names: the specks outnumber the
    /// letters, so their height is the blobs' median, and they chain into no line.
    func namesOverSpeckledNotes(k: Double) -> [PixelRect] {
        var out = curledBlobs(k: k)
        for line in 0..<12 {
            for x in stride(from: 100, to: 900, by: 5) {
                // Every other speck stands lower: broken print, no run of specks a line could follow.
                let y = 100 + Double(line) * 40 + 18 + Double((x / 5) % 2 * 4) + k * Double((x - 500) * (x - 500))
                out.append(PixelRect(x: x, y: Int(y), width: 2, height: 3))
            }
        }
        return out
    }

    @Test func speckledNotesDoNotHideTheNamesLines() throws {
        let blobs = namesOverSpeckledNotes(k: 0.0001)
        let median = Double(blobs.map(\.height).sorted()[blobs.count / 2])
        #expect(median == 3)
        let h = ImageRectifier.lineHeight(of: blobs, median: median)
        #expect(h == 12)
        // At the specks' height the names' letters are too tall to chain: no line, no model.
        #expect(TextLineDewarp.model(lines: TextLineDewarp.lines(from: blobs, medianHeight: median), width: 1000, height: 700,
                                     medianHeight: median, reduction: 1, minLines: 6) == nil)
        let (lines, traced) = ImageRectifier.tracedLines(blobs, median: median)
        #expect(traced == 12)
        #expect(lines.count >= 12)
        let model = try #require(TextLineDewarp.model(lines: lines, width: 1000, height: 700, medianHeight: h, reduction: 1, minLines: 6))
        #expect(model.maxDisplacement > 8)
    }

    /// Small print under a few large marks (a logo, a heading in big type) that hold most of the
    /// ink: the lines are the small print's, chained at its median height.
    @Test func largeMarksOverSmallPrintKeepTheMedian() {
        var blobs = curledBlobs(k: 0.0001)
        for i in 0..<6 {
            blobs.append(PixelRect(x: 100 + i * 140, y: 10, width: 130, height: 60))
            blobs.append(PixelRect(x: 100 + i * 140, y: 600, width: 130, height: 60))
        }
        let median = Double(blobs.map(\.height).sorted()[blobs.count / 2])
        #expect(median == 12)
        #expect(ImageRectifier.lineHeight(of: blobs, median: median) == 60)
        let (lines, traced) = ImageRectifier.tracedLines(blobs, median: median)
        #expect(traced == 12)
        #expect(lines.count == 12)
    }

    @Test func lettersKeepTheirMedianHeight() {
        // Capitals and ascenders make half the ink taller than the median, but not a speck's ratio.
        var blobs = curledBlobs(k: 0)
        for i in stride(from: 0, to: blobs.count, by: 3) { blobs[i].height = 17 }
        #expect(ImageRectifier.lineHeight(of: blobs, median: 12) == 12)
        #expect(ImageRectifier.lineHeight(of: [], median: 0) == 0)
    }
}
