@testable import Flattening
import Imaging
import Testing

@Suite struct PrintPastSideTests {
    static let quad = Quad(Point(x: 100, y: 100), Point(x: 300, y: 100), Point(x: 300, y: 400), Point(x: 100, y: 400))

    static func onSheet(_ b: PixelRect) -> Bool {
        let x = Double(b.x) + Double(b.width) / 2, y = Double(b.y) + Double(b.height) / 2
        return x >= 100 && x <= 300 && y >= 100 && y <= 400
    }

    /// Lines of words on the sheet, 12 px tall.
    static let print: [PixelRect] = (0..<20).flatMap { line in (0..<6).map { PixelRect(x: 110 + $0 * 30, y: 110 + line * 14, width: 20, height: 12) } }

    /// Prices past the bottom side: two columns of numbers on four lines, 12 px tall.
    static let prices: [PixelRect] = (0..<4).flatMap { line in [PixelRect(x: 200, y: 404 + line * 14, width: 18, height: 12),
                                                                PixelRect(x: 260, y: 404 + line * 14, width: 18, height: 12)] }

    @Test func theQuadIsMovedOutOverPrintJustPastOneSide() throws {
        let past = try #require(ImageRectifier.printPastSides(of: Self.quad, blobs: Self.print + Self.prices, onSheet: Self.onSheet,
                                                              width: 20, printHeight: 12, frame: (600, 600)))
        #expect(past.blobs.count == 8)
        // The last line's centre is 52 px past the side; half a band more.
        let bottom = past.quad.corners[2].y, top = past.quad.corners[0].y
        #expect(abs(bottom - 462) < 0.5 && top == 100)
        #expect(past.quad.corners[2].x == 300 && past.quad.corners[3].x == 100)
        // Moved past the photo's edge, the sheet would be refused as running off it: kept as found.
        #expect(ImageRectifier.printPastSides(of: Self.quad, blobs: Self.print + Self.prices, onSheet: Self.onSheet,
                                              width: 20, printHeight: 12, frame: (600, 450)) == nil)
    }

    @Test func aSpeckledTableIsNoStrip() {
        // A table that puts specks of print's size past the bottom side and all the way down
        // the photo: what lies past the side is no denser than the rest of the table.
        var specks: [PixelRect] = []
        for y in stride(from: 400, to: 596, by: 14) { for x in stride(from: 4, to: 596, by: 30) { specks.append(PixelRect(x: x, y: y, width: 18, height: 12)) } }
        #expect(ImageRectifier.printPastSides(of: Self.quad, blobs: Self.print + specks, onSheet: Self.onSheet,
                                              width: 20, printHeight: 12, frame: (600, 600)) == nil)
    }

    @Test func specksAlongTheSheetsEdgeAreNoPrint() {
        // A shadowed edge broken into specks a third of the print's height, two rows deep.
        let edge = (0..<12).flatMap { i in [PixelRect(x: 105 + i * 16, y: 402, width: 6, height: 4), PixelRect(x: 105 + i * 16, y: 420, width: 6, height: 4)] }
        #expect(ImageRectifier.printPastSides(of: Self.quad, blobs: Self.print + edge, onSheet: Self.onSheet,
                                              width: 20, printHeight: 12, frame: (600, 600)) == nil)
        // Print that stops a band's width short of the side's strip is not the sheet's either.
        let far = Self.prices.map { PixelRect(x: $0.x, y: $0.y + 30, width: $0.width, height: $0.height) }
        #expect(ImageRectifier.printPastSides(of: Self.quad, blobs: Self.print + far, onSheet: Self.onSheet,
                                              width: 20, printHeight: 12, frame: (600, 600)) == nil)
    }

    @Test func whatHugsTheSidesIsTheSheetsEdge() {
        // One line of print-sized blobs right past the side: a frame printed round the list, or the
        // sheet's edge, not a band of shaded print.
        let line = (0..<12).map { PixelRect(x: 105 + $0 * 16, y: 402, width: 12, height: 12) }
        #expect(ImageRectifier.printPastSides(of: Self.quad, blobs: Self.print + line, onSheet: Self.onSheet,
                                              width: 20, printHeight: 12, frame: (600, 600)) == nil)
        // The prices past the bottom, and as many past the right side: print past two sides is
        // the sheet's margin all round, not one side turned from the light.
        let right = (0..<4).flatMap { col in [PixelRect(x: 304 + col * 14, y: 200, width: 12, height: 12),
                                             PixelRect(x: 304 + col * 14, y: 260, width: 12, height: 12)] }
        #expect(ImageRectifier.printPastSides(of: Self.quad, blobs: Self.print + Self.prices + right, onSheet: Self.onSheet,
                                              width: 20, printHeight: 12, frame: (600, 600)) == nil)
        #expect(ImageRectifier.printPastSides(of: Self.quad, blobs: Self.print + Self.prices, onSheet: Self.onSheet,
                                              width: 20, printHeight: 12, frame: (600, 600)) != nil)
    }
}
