import Foundation
import Imaging
import RecognizedText
import Testing
@testable import Entries

/// The lines' course past the names, where a fold turns it (`LineField.Turn`).
@Suite struct LineFieldTurnTests {
    let parser = WineListParser(fields: FieldParser(runYear: 2026))

    /// Two words each: too short a line to fit the lines' course by, as a region column's are.
    let regions = ["Valle Sol", "Mendoza Alta", "Rioja Alta", "Colchagua Sur", "Maule Rapel", "Cape Coast",
                   "Lisboa Tejo", "Veneto Est", "Valle Central", "Tacna Norte", "San Juan", "Agrelo Alto"]

    /// Words of `text` from `x` on, each box 12 px a letter and 20 px tall, their centres on the
    /// course `y(x)`.
    func words(_ text: String, x: Int, along y: (Double) -> Double) -> [RecognizedWord] {
        var cursor = x
        return text.split(separator: " ").map { token in
            let width = token.count * 12
            let middle = y(Double(cursor + width / 2))
            defer { cursor += width + 12 }
            return RecognizedWord(text: String(token), box: PixelRect(x: cursor, y: Int((middle - 10).rounded()), width: width, height: 20),
                                  confidence: 90)
        }
    }

    /// Twelve wines at a 100 px pitch: names from x 50, a region at x 900, a price at x 1200. Each
    /// row's line has the slope `near(k)` up to x `fold` and `far(k)` past it (the two halves of a
    /// folded menu, each at a slant: on the names' half the lines fan out down the page).
    func page(fold: Double, near: (Int) -> Double, far: (Int) -> Double) -> [RecognizedLine] {
        var lines: [RecognizedLine] = []
        for k in 0..<12 {
            let y0 = 100.0 + 100 * Double(k)
            let course = { (x: Double) -> Double in
                x <= fold ? y0 + near(k) * x : y0 + near(k) * fold + far(k) * (x - fold)
            }
            lines.append(RecognizedLine(words: words("Domaine de la Colline Rouge, Cuvee des Quatre Vents \(2010 + k)", x: 50, along: course)))
            lines.append(RecognizedLine(words: words(regions[k], x: 900, along: course)))
            lines.append(RecognizedLine(words: words("\(40 + k)", x: 1200, along: course)))
        }
        return lines
    }

    /// The names' lines fan from slope 0.2 at the top to 0.035 at the bottom; past the fold at x
    /// 800 every line runs at 0.02. The names' course carried to x 1200 puts the top prices most
    /// of a row above their wines; the regions show the far half's slope, and each price goes
    /// with its wine.
    @Test func aPricePastAFoldFollowsTheFarHalfsSlope() throws {
        let lines = page(fold: 800, near: { 0.2 - 0.015 * Double($0) }, far: { _ in 0.02 })
        let layout = RowLayout(lines: lines)
        let field = try #require(layout.field, "the names' lines fan out: the layout follows them")
        #expect(field.turn.map { $0.knot > 650 && $0.knot < 900 } == true,
                "the regions past the names slope otherwise; the knot lies in the gap between names and regions")
        let entries = parser.parse(lines: lines)
        #expect(entries.count == 12)
        for (k, e) in entries.enumerated() {
            #expect(e.vintage == .year(2010 + k))
            #expect(e.prices.map(\.amount) == [Double(40 + k)], "wine \(k): \(e.rawText)")
            #expect(e.rawText.contains(regions[k]), "wine \(k): \(e.rawText)")
        }
    }

    /// Lines that fan out but run straight across the page (a page tilted away, not folded): the
    /// field fitted to the names already holds the regions' course, and there is no turn.
    @Test func straightLinesNeedNoTurn() throws {
        let lines = page(fold: 2000, near: { 0.2 - 0.015 * Double($0) }, far: { _ in 0 })
        let field = try #require(RowLayout(lines: lines).field)
        #expect(field.turn == nil)
        let entries = parser.parse(lines: lines)
        #expect(entries.map { $0.prices.map(\.amount) } == (0..<12).map { [Double(40 + $0)] })
    }

    /// A point's line traced back to the knot: straight at the far half's slope at its height.
    @Test func tracedMeetsTheKnotAlongTheFarSlope() {
        let turn = LineField.Turn(knot: 1000, slope: 0.05, convergence: 0.1, end: 3000)
        let (y0, size) = (500.0, 1000.0)
        // The line through (1000, 700) has slope 0.05 + 0.1 × (700 − 500) / 1000 = 0.07.
        #expect(abs(turn.traced(x: 1400, y: 700 + 0.07 * 400, y0: y0, size: size) - 700) < 1e-9)
        #expect(turn.traced(x: 1000, y: 640, y0: y0, size: size) == 640)
        // Past its end the level holds.
        #expect(turn.traced(x: 5000, y: 900, y0: y0, size: size) == turn.traced(x: 3000, y: 900, y0: y0, size: size))
    }
}
