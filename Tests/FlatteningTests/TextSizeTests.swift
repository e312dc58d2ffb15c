@testable import Flattening
import Testing

@Suite struct TextSizeTests {
    typealias Line = TextSize.Line

    @Test func thinSeparatorsOnAReceiptInCapitalsAreNotItsPrint() {
        // The bands generated receipt 5019 (12 MP, DejaVu Sans Mono Bold 8.1 pt, 26 px/mm) gave: lines
        // of capitals 37–52 px (band ≈ full height) and dotted separators and specks of 5–9 px whose
        // uneven ink looks like lower case.
        let bands = [(38, 41), (9, 13), (8, 14), (52, 56), (43, 54), (51, 55), (39, 40), (9, 14), (9, 15), (52, 54), (51, 54),
                     (28, 50), (37, 51), (5, 8), (6, 8), (42, 52), (7, 12), (7, 13), (51, 56), (51, 56), (52, 54)]
        let measured = TextSize.xHeight(of: bands.map { Line(core: $0.0, full: $0.1) })
        #expect(measured == 37, "the lines of print, not the separators")
    }

    @Test func aListsLowerCaseLinesGiveItsXHeight() {
        // Lower-case lines (band 20 of 30 px), lines of capitals or digits (band = full), a rule.
        var lines = (0..<8).map { Line(core: 20 + $0 % 2, full: 30) }
        lines += [Line(core: 28, full: 29), Line(core: 27, full: 28), Line(core: 3, full: 5)]
        #expect(TextSize.xHeight(of: lines) == 20)
        #expect(TextSize.xHeight(of: Array(lines.prefix(2))) == nil, "two lines are too few to tell")
    }
}
