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
        // The rule is too thin to count, so the median falls between the lines' 20 and 21.
        #expect(TextSize.xHeight(of: lines) == 21)
        #expect(TextSize.xHeight(of: Array(lines.prefix(2))) == nil, "two lines are too few to tell")
    }

    @Test func leaderDotsOnTheBaselineDoNotSetTheXHeight() {
        // The bands 12 MP generated list 1037 gave (9.2 px/mm): wine lines with a 16 px x-height,
        // lines whose leader dots outweigh their letters (band 3–6 of 23–24 px), and specks. The
        // x-height came out as 6 px and the page was enlarged to the 40 MP limit.
        let bands = [(5, 5), (5, 5), (4, 6), (4, 6), (5, 5), (5, 5), (5, 5), (16, 25), (16, 24), (16, 25), (6, 24), (16, 25),
                     (16, 24), (3, 4), (3, 4), (3, 4), (5, 23), (3, 24), (16, 25), (16, 25), (16, 25), (16, 24), (16, 25),
                     (16, 24), (4, 23), (4, 24), (6, 24), (4, 24), (4, 17), (4, 5), (16, 25), (20, 31)]
        #expect(TextSize.xHeight(of: bands.map { Line(core: $0.0, full: $0.1) }) == 16)
    }

    @Test func aThinMonospaceFaceIsNotMeasuredBelowTwoFifthsOfItsLines() {
        // The bands 12 MP generated receipt 4045 gave (Courier-like capitals and digits, lines about
        // 38 px tall): serifs and bars make the densest rows, so the bands of real lines are 9–15 px
        // and separators add 4–5 px ones. The x-height came out as 9 px (0.38 mm).
        let bands = [(11, 29), (4, 4), (9, 38), (9, 39), (4, 11), (4, 11), (4, 11), (4, 12), (5, 7), (4, 5), (7, 10), (5, 12),
                     (9, 37), (12, 41), (14, 37), (15, 38), (4, 5), (10, 29), (4, 25), (15, 41), (21, 40), (5, 5), (10, 38),
                     (15, 38), (9, 41), (10, 38)]
        let measured = TextSize.xHeight(of: bands.map { Line(core: $0.0, full: $0.1) })
        #expect(measured == 0.4 * 38, "two fifths of the print lines' median height")
    }
}
