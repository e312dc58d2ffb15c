@testable import Flattening
import Imaging
import Testing

@Suite struct LeaderEraserTests {
    /// Letter-sized boxes of one text line starting at `x`.
    func word(x: Int, y: Int, letters: Int, height: Int = 14) -> [PixelRect] {
        (0..<letters).map { PixelRect(x: x + $0 * 10, y: y, width: 8, height: height) }
    }

    func dots(x: Int, y: Int, count: Int, pitch: Int = 8, size: Int = 3) -> [PixelRect] {
        (0..<count).map { PixelRect(x: x + $0 * pitch, y: y, width: size, height: size) }
    }

    @Test func aRowOfEvenDotsBetweenAWineAndItsPriceIsALeader() {
        var boxes: [PixelRect] = []
        for row in 0..<4 {
            let y = 20 + row * 30
            boxes += word(x: 10, y: y, letters: 12) + dots(x: 140, y: y + 11, count: 25) + word(x: 345, y: y, letters: 2)
        }
        let runs = LeaderEraser.leaderRuns(in: boxes)
        #expect(runs.count == 4)
        #expect(runs.allSatisfy { $0.count == 25 })
    }

    @Test func denseLeadersOnAnEnlargedPageAreLeadersThoughTheirDotsOutnumberTheLetters() {
        // A page enlarged for reading: letters 24 px tall, dots 8 px, three dots to a letter.
        var boxes: [PixelRect] = []
        for row in 0..<6 {
            let y = 40 + row * 60
            boxes += word(x: 10, y: y, letters: 14, height: 24) + dots(x: 160, y: y + 16, count: 50, pitch: 14, size: 8)
                + word(x: 880, y: y, letters: 2, height: 24)
        }
        let runs = LeaderEraser.leaderRuns(in: boxes)
        #expect(runs.count == 6)
        #expect(runs.allSatisfy { $0.count == 50 })
    }

    @Test func theFullStopsOfNVBeforeALeaderAreNoPartOfIt() {
        var boxes: [PixelRect] = []
        for row in 0..<4 {
            let y = 20 + row * 30
            // "… Italy N.V. ........ 56": the stops sit 18 px apart across their letters, the leader's dots 8.
            boxes += word(x: 10, y: y, letters: 8) + [PixelRect(x: 100, y: y, width: 8, height: 14), PixelRect(x: 110, y: y + 11, width: 3, height: 3),
                                                      PixelRect(x: 118, y: y, width: 8, height: 14), PixelRect(x: 128, y: y + 11, width: 3, height: 3)]
            boxes += dots(x: 140, y: y + 11, count: 20) + word(x: 310, y: y, letters: 2)
        }
        let runs = LeaderEraser.leaderRuns(in: boxes)
        #expect(runs.count == 4)
        #expect(runs.allSatisfy { $0.count == 20 && $0.first?.x == 140 })
    }

    @Test func fullStopsDecimalPointsAndEllipsesAreKept() {
        var boxes: [PixelRect] = []
        for row in 0..<4 {
            let y = 20 + row * 30
            // "Joh. Jos. Prüm", "12.50", "Cuvée..." on each line.
            boxes += word(x: 10, y: y, letters: 3) + [PixelRect(x: 42, y: y + 11, width: 3, height: 3)]
            boxes += word(x: 52, y: y, letters: 3) + [PixelRect(x: 84, y: y + 11, width: 3, height: 3)]
            boxes += word(x: 120, y: y, letters: 2) + [PixelRect(x: 141, y: y + 11, width: 3, height: 3)] + word(x: 146, y: y, letters: 2)
            boxes += word(x: 200, y: y, letters: 5) + dots(x: 252, y: y + 11, count: 3)
        }
        #expect(LeaderEraser.leaderRuns(in: boxes).isEmpty)
    }

    @Test func scatteredSpecksAreNotALeader() {
        var boxes = (0..<6).flatMap { word(x: 10, y: 20 + $0 * 30, letters: 10) }
        // Specks on one band but at irregular distances and of different sizes (paper texture).
        let xs = [150, 153, 171, 199, 204, 240, 251, 290]
        boxes += xs.enumerated().map { PixelRect(x: $1, y: 31, width: 1 + $0 % 4, height: 1 + ($0 * 3) % 5) }
        #expect(LeaderEraser.leaderRuns(in: boxes).isEmpty)
    }

    @Test func tooLittleTextMeansNothingIsErased() {
        #expect(LeaderEraser.leaderRuns(in: dots(x: 0, y: 0, count: 40)).isEmpty)
    }

    @Test func erasingPaintsDotsWithThePaperAndLeavesLettersAlone() {
        var page = Raster(width: 420, height: 140, fill: 230)
        func fill(_ r: PixelRect, _ value: UInt8) {
            for y in r.y..<r.maxY { for x in r.x..<r.maxX { page[x, y] = value } }
        }
        var letters: [PixelRect] = []
        var leaderDots: [PixelRect] = []
        for row in 0..<4 {
            let y = 10 + row * 30
            letters += word(x: 10, y: y, letters: 12) + word(x: 360, y: y, letters: 3)
            leaderDots += dots(x: 140, y: y + 11, count: 25)
        }
        letters.forEach { fill($0, 20) }
        leaderDots.forEach { fill($0, 20) }

        let result = LeaderEraser.erase(page)
        #expect(result.runs == 4)
        #expect(result.dots == 100)
        for dot in leaderDots {
            #expect(result.raster[dot.x + 1, dot.y + 1] == 230, "dot at \(dot.x),\(dot.y) still there")
        }
        for letter in letters {
            #expect(result.raster[letter.x + 4, letter.y + 7] == 20, "letter at \(letter.x),\(letter.y) was touched")
        }
    }

    @Test func theBlurAroundAnEnlargedDotGoesWithIt() {
        // Dots 8 px with a 2 px grey halo, as blur leaves them on a page enlarged for reading.
        var page = Raster(width: 900, height: 260, fill: 230)
        func fill(_ r: PixelRect, _ value: UInt8) {
            for y in max(0, r.y)..<min(page.height, r.maxY) { for x in max(0, r.x)..<min(page.width, r.maxX) { page[x, y] = value } }
        }
        var leaderDots: [PixelRect] = []
        var letters: [PixelRect] = []
        for row in 0..<4 {
            let y = 20 + row * 60
            letters += word(x: 10, y: y, letters: 12, height: 24) + word(x: 820, y: y, letters: 2, height: 24)
            leaderDots += dots(x: 140, y: y + 14, count: 45, pitch: 14, size: 8)
        }
        leaderDots.forEach { fill(PixelRect(x: $0.x - 2, y: $0.y - 2, width: $0.width + 4, height: $0.height + 4), 170) }
        leaderDots.forEach { fill($0, 20) }
        letters.forEach { fill($0, 20) }

        let result = LeaderEraser.erase(page)
        #expect(result.runs == 4)
        for dot in leaderDots {
            for (dx, dy) in [(-2, 4), (dot.width + 1, 4), (4, -2), (4, dot.height + 1)] {
                #expect(result.raster[dot.x + dx, dot.y + dy] >= 220, "halo of the dot at \(dot.x),\(dot.y) left")
            }
        }
        for letter in letters {
            #expect(result.raster[letter.x + 4, letter.y + 12] == 20, "letter at \(letter.x),\(letter.y) was touched")
        }
    }

    /// Boxes turned a quarter: x and y, width and height swapped.
    func sideways(_ boxes: [PixelRect]) -> [PixelRect] {
        boxes.map { PixelRect(x: $0.y, y: $0.x, width: $0.height, height: $0.width) }
    }

    /// A page still sideways when its leaders are looked for (it is turned upright only once it
    /// is read): its letters' widths pass for heights, and the first letters of its rows, evenly
    /// spaced one above another, for a leader. No run is taken on it; upright, the same page's
    /// leaders are found.
    @Test func aPageStillSidewaysHasNoLeadersTaken() {
        var boxes: [PixelRect] = []
        for row in 0..<12 {
            let y = 20 + row * 22
            // Words of 8 × 14 letters 2 px apart; the first letter of every row at x 10.
            boxes += word(x: 10, y: y, letters: 9) + word(x: 110, y: y, letters: 6) + dots(x: 180, y: y + 11, count: 12)
                + word(x: 290, y: y, letters: 2)
        }
        #expect(LeaderEraser.leaderRuns(in: boxes).count == 12)
        #expect(!LeaderEraser.runsSideways(boxes, letterSize: 14))
        let turned = sideways(boxes)
        #expect(LeaderEraser.runsSideways(turned, letterSize: 14))
        #expect(LeaderEraser.leaderRuns(in: turned).isEmpty)
    }

    /// Specks scattered over the height of a line (a glare-washed word) are no leader, evenly
    /// spaced as they may be; the same specks on one line are.
    @Test func specksAtEveryHeightOfALineAreNoLeader() {
        let level = dots(x: 100, y: 30, count: 8)
        let scattered = level.enumerated().map { PixelRect(x: $1.x, y: $1.y + ($0 % 2 == 0 ? -5 : 5), width: 3, height: 3) }
        #expect(LeaderEraser.isOnOneLine(level, textHeight: 14))
        #expect(!LeaderEraser.isOnOneLine(scattered, textHeight: 14))
        // A leader along a page tilted 2° is still on one line.
        let tilted = (0..<20).map { PixelRect(x: 100 + $0 * 8, y: 30 + Int((Double($0 * 8) * 0.035).rounded()), width: 3, height: 3) }
        #expect(LeaderEraser.isOnOneLine(tilted, textHeight: 14))
    }

    /// Other ink between a run's dots makes it part of the words: not painted over.
    @Test func ARunWithInkBetweenItsDotsIsNoLeader() {
        let run = dots(x: 100, y: 30, count: 10)
        #expect(LeaderEraser.isClear(run, among: run))
        let strokes = [PixelRect(x: 120, y: 29, width: 2, height: 6), PixelRect(x: 150, y: 28, width: 2, height: 6)]
        #expect(!LeaderEraser.isClear(run, among: run + strokes))
    }
}
