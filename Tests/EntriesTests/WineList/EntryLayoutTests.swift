import Imaging
import RecognizedText
import Testing
@testable import Entries

/// Each entry's layout facts say what the parser went by: its column, its rows and why, and where
/// each price came from and what gave it its meaning.
@Suite struct EntryLayoutTests {
    let parser = WineListParser(fields: FieldParser(runYear: 2026))

    func word(_ text: String, x: Int, y: Int) -> RecognizedWord {
        RecognizedWord(text: text, box: PixelRect(x: x, y: y, width: text.count * 10, height: 20), confidence: 90)
    }

    /// A row whose prices stand right-aligned at the given right edges, read in one line with the name.
    func priced(_ name: String, _ prices: [(String, Int)], y: Int) -> RecognizedLine {
        RecognizedLine(words: (name.isEmpty ? [] : line(name, y: y).words)
                       + prices.map { word($0.0, x: $0.1 - $0.0.count * 10, y: y) })
    }

    func withoutLayout(_ entries: [WineEntry]) -> [WineEntry] {
        entries.map { var e = $0; e.layout = nil; return e }
    }

    /// Two columns read across the gutter as one line: each entry knows its column and the column's
    /// bounds, which meet at the gutter.
    @Test func twoColumnsGiveEachEntryItsColumnAndBounds() throws {
        var lines = [line("HARBOUR WINE BAR", x: 300, y: 10, height: 40)]
        let left = ["Ch. Margaux 2015 450", "Ridge Monte Bello 2016 290", "Guigal La Landonne 2017 380",
                    "Penfolds Grange 2018 900", "Dom. Tempier Bandol 2021 70"]
        let right = ["Krug Grande Cuvée NV 320", "Dom. Leflaive Bâtard 2019 600", "Cloudy Bay SB 2023 55",
                     "Felton Road PN 2021 95", "Tyrrell's Vat 1 Semillon 2017 80"]
        for (k, (a, b)) in zip(left, right).enumerated() {
            lines.append(RecognizedLine(words: line(a, x: 50, y: 100 + 30 * k).words + line(b, x: 560, y: 100 + 30 * k).words))
        }
        let entries = parser.parseRebuilding(lines).entries
        #expect(entries.count == 10)
        let first = try #require(entries[0].layout?.column), last = try #require(entries[9].layout?.column)
        #expect(entries.prefix(5).allSatisfy { $0.layout?.column == first })
        #expect(entries.suffix(5).allSatisfy { $0.layout?.column == last })
        #expect(first.index == 0 && last.index == 1 && first.count == 2 && last.count == 2)
        // The left column starts at its margin, the right one ends at its longest row
        // ("Tyrrell's Vat 1 Semillon 2017 80" ends at 880); they meet at the gutter between the
        // left column's longest row (320) and the right column's margin (560).
        #expect(first.left == 50 && last.right == 880)
        #expect(first.right == last.left && first.right > 320 && first.right < 560)
        #expect(entries[0].layout?.prices.map(\.meaning) == [.lonePrice])
    }

    /// The pipeline's way (rebuild the rows, parse the rebuilt rows) finds the same entries as
    /// rebuilding apart and parsing: the facts are all it adds.
    @Test func parsingWhileRebuildingChangesNoEntry() {
        let lines = [line("Ch. Margaux 2015", y: 100), line("Guigal Côte-Rôtie 2018", y: 130), line("450", x: 700, y: 101),
                     line("72", x: 700, y: 131)]
        let rebuilt = parser.parseRebuilding(lines)
        #expect(rebuilt.lines == LineAssembler.assemble(lines))
        #expect(withoutLayout(rebuilt.entries) == withoutLayout(parser.parse(lines: LineAssembler.assemble(lines))))
        #expect(rebuilt.entries.count == 2)
    }

    /// A price column read as lines of its own is moved onto its wine's row; one read on the name's
    /// line across a wide gap, or with the name, says so.
    @Test func aPriceSaysHowItReachedItsRow() throws {
        let lines = [
            line("Ch. Margaux 2015", y: 100),
            line("Guigal Côte-Rôtie 2018", y: 130),
            RecognizedLine(words: line("Ridge Monte Bello 2016", y: 160).words + [word("290", x: 700, y: 160)]),
            line("Penfolds Grange 2018 900", y: 190),
            line("450", x: 700, y: 102),
            line("72", x: 700, y: 131),
        ]
        let entries = parser.parseRebuilding(lines).entries
        #expect(entries.map { $0.prices.first?.amount } == [450, 72, 290, 900])
        let moved = try #require(entries[0].layout?.prices.first)
        #expect(moved.placement == .separateLine)
        #expect(moved.x == 700)
        #expect(moved.line == 0)
        // 2 px lower than the name's words, in line heights of 20 px.
        #expect(moved.offset == 0.1)
        #expect(moved.straightOffset == nil, "no lines' course on a level page")
        #expect(entries[1].layout?.prices.first?.placement == .separateLine)
        #expect(entries[1].layout?.prices.first?.line == 1)
        #expect(entries[2].layout?.prices.first?.placement == .acrossGap)
        #expect(entries[2].layout?.prices.first?.offset == 0)
        #expect(entries[3].layout?.prices.first?.placement == .withName)
        #expect(entries[3].layout?.prices.first?.offset == nil)
        // Parsed straight from what was recognized, the rows' own pieces tell the same.
        #expect(parser.parse(lines: lines)[0].layout?.prices.first?.placement == .separateLine)
    }

    /// Producer over an indented wine line: both rows make the name, and the region and note under
    /// it are attached as detail and note.
    @Test func aWrappedNameListsItsRowsAndWhyTheyWereJoined() throws {
        let lines = [
            line("Red", y: 40, height: 26),
            line("Domaine Jamet", y: 100),
            line("Côte-Rôtie 2018 160", x: 70, y: 125),
            line("Northern Rhône, France", x: 70, y: 150),
            line("Violets, bacon fat and black olive tapenade.", x: 70, y: 175),
            line("Ridge Vineyards", y: 230),
            line("Monte Bello 2016 290", x: 70, y: 255),
        ]
        let entries = parser.parseRebuilding(lines).entries
        let layout = try #require(entries.first?.layout)
        #expect(layout.rows.map(\.role) == [.name, .price, .detail, .note])
        #expect(layout.rows.map(\.line) == [1, 2, 3, 4])
        #expect(layout.rows.map(\.text) == ["Domaine Jamet", "Côte-Rôtie 2018 160", "Northern Rhône, France",
                                            "Violets, bacon fat and black olive tapenade."])
        #expect(layout.rows.map(\.flush) == [true, false, false, false])
        #expect(layout.nameJoin == .indentedUnderFlushRow)
        // One column, from the margin to the note's end ("… tapenade." ends at 510).
        #expect(layout.column == EntryLayout.Column(index: 0, count: 1, left: 50, right: 510))
        #expect(entries[1].layout?.rows.map(\.role) == [.name, .price])
    }

    /// A region line under a one-row wine is its detail; the name is the price row's own.
    @Test func aDetailLineIsAttachedBelow() throws {
        let lines = [
            line("Giaconda Chardonnay 140", y: 100),
            line("Beechworth 2021", x: 70, y: 125),
            line("Bass Phillip Premium Pinot Noir 180", y: 160),
        ]
        let layout = try #require(parser.parseRebuilding(lines).entries.first?.layout)
        #expect(layout.rows.map(\.role) == [.price, .detail])
        #expect(layout.rows.map(\.text) == ["Giaconda Chardonnay 140", "Beechworth 2021"])
        #expect(layout.nameJoin == nil)
    }

    /// Prices under "Glass  Bottle" take the label above them, and say which header it was.
    @Test func aHeaderGivesThePricesTheirMeaning() throws {
        let lines = [
            line("By the Glass", y: 40, height: 26),
            priced("", [("Glass", 740), ("Bottle", 940)], y: 80),
            priced("Sancerre Vacheron 2022", [("14", 740), ("56", 940)], y: 110),
            priced("Barolo Vietti 2019", [("68", 940)], y: 140),
        ]
        let entries = parser.parseRebuilding(lines).entries
        #expect(entries.map { $0.prices.map(\.column) } == [[.glass, .bottle], [.bottle]])
        let both = try #require(entries[0].layout?.prices)
        #expect(both.map(\.meaning) == [.headerLabelAbove, .headerLabelAbove])
        #expect(both.map(\.column) == [.glass, .bottle])
        #expect(both.map(\.header) == ["Glass Bottle", "Glass Bottle"])
        #expect(both.map(\.text) == ["14", "56"])
        #expect(both.map(\.x) == [720, 920])
        #expect(entries[1].layout?.prices.map(\.meaning) == [.headerLabelAbove])
        #expect(entries[1].layout?.prices.map(\.column) == [.bottle])
    }

    /// A page photographed at a slant: the rows followed the lines' course, and each price says how
    /// far from its name it stood along that course and by the rotation alone.
    @Test func aTiltedPageSaysTheLinesCoursePlacedItsPrices() throws {
        let entries = parser.parseRebuilding(LineFieldTests().fannedPage()).entries
        #expect(entries.count == 12)
        let field = try #require(entries[0].layout?.straightening.field)
        #expect(field.residualAfter < field.residualBefore)
        #expect(entries.allSatisfy { $0.layout?.straightening.field == field })
        let last = try #require(entries.last?.layout?.prices.first)
        #expect(last.placement == .separateLine)
        let along = try #require(last.offset), straight = try #require(last.straightOffset)
        #expect(abs(along) < 0.5, "along the course the price stands on its name's row: \(along)")
        #expect(abs(straight) > 1, "by the rotation alone it stood a row off: \(straight)")
        #expect(abs(straight) > abs(along) + 0.5)
    }
}
