import Entries
import Foundation
import Imaging
import Testing
@testable import Reporting

/// The review page's "why" for each wine: the parser's layout facts in words, escaped like all
/// text from the photo.
@Suite struct EntryLayoutHTMLTests {
    static let layout = EntryLayout(
        column: EntryLayout.Column(index: 1, count: 3, left: 812, right: 1530),
        straightening: EntryLayout.Straightening(skewDegrees: 0.4, lineHeight: 28,
                                                 field: EntryLayout.Field(tilt: 0.01, convergence: 0.05, bend: 0, residualBefore: 6.1,
                                                                          residualAfter: 1.8)),
        rows: [EntryLayout.Row(line: 13, role: .name, text: "Château <b>Palmer</b>", flush: true),
               EntryLayout.Row(line: 14, role: .price, text: "Margaux 2015 48", flush: false),
               EntryLayout.Row(line: 15, role: .detail, text: "Bordeaux, France", flush: false)],
        nameJoin: .indentedUnderFlushRow,
        prices: [EntryLayout.PriceSource(text: "48", line: 14, placement: .separateLine, x: 1410, offset: 0.1, straightOffset: -1.2,
                                         meaning: .headerLabelAbove, column: .bottle, header: "Glass Bottle")])

    static func record(_ layout: EntryLayout?) -> EntryRecord {
        var wine = WineEntry(firstLine: 13, lastLine: 15, rawText: "Château Palmer\nMargaux 2015 48", box: PixelRect(x: 820, y: 400, width: 600, height: 90),
                             name: "Château Palmer Margaux", vintage: .year(2015), prices: [Price(amount: 48, column: .bottle)])
        wine.layout = layout
        return EntryRecord(job: "bistro", image: "menu.jpg", entry: wine, match: nil)
    }

    @Test func theExplanationNamesColumnRowsAndWhereThePriceCameFrom() {
        let sentences = EntryLayoutHTML.sentences(Self.layout)
        #expect(sentences[0] == "Column 2 of 3 (x 812–1530 px).")
        #expect(sentences[1].hasPrefix("Rows joined along the lines' course after a rotation of 0.40°"))
        #expect(sentences[2] == "Lines 14–16: line 14 “Château <b>Palmer</b>” (name); line 15 “Margaux 2015 48” (price row, indented); "
                + "line 16 “Bordeaux, France” (detail attached, indented).")
        #expect(sentences[3].contains("indented under a row at the margin"))
        #expect(sentences[4] == "48 (bottle) on line 15, read apart from the name (a price column, a piece of its own) and put on its row by geometry at x 1410, "
                + "0.10 line heights below the name along the lines' course (1.20 above by the rotation alone). "
                + "“bottle” from the label above it in the header “Glass Bottle”.")
        let level = EntryLayout(column: nil, straightening: EntryLayout.Straightening(skewDegrees: 0, lineHeight: 20), rows: [],
                                nameJoin: nil, prices: [EntryLayout.PriceSource(text: "14", line: 2, placement: .withName, x: 300,
                                                                                 meaning: .pair, column: .glass)])
        #expect(EntryLayoutHTML.sentences(level)[0] == "Read across the page's columns.")
        #expect(EntryLayoutHTML.sentences(level)[1] == "Rows straightened by a rotation of 0.00° alone (line height 20 px).")
        #expect(EntryLayoutHTML.sentences(level).last == "14 (glass) on line 3, read with the name. "
                + "Of two prices the smaller is the glass's, the larger the bottle's.")
    }

    /// A fold's turn past the names is said with the lines' course.
    @Test func theTurnPastAFoldIsSaid() {
        var layout = Self.layout
        layout.straightening.field?.turn = EntryLayout.Turn(knot: 855, slope: -0.0063, convergence: -0.1198)
        #expect(EntryLayoutHTML.sentences(layout)[1].hasSuffix(
            " Past x 855 px the lines turn (a fold): straight at slope -0.0063, convergence -0.1198, as the short lines there run."))
        #expect(!EntryLayoutHTML.sentences(Self.layout)[1].contains("turn"))
    }

    @Test func theReviewPageShowsTheExplanationEscaped() throws {
        let page = HTMLReportTests.page(entries: [Self.record(Self.layout), Self.record(nil)])
        let html = JobHTMLReport(job: "bistro", pages: [page]).render()
        let detail = try #require(html.range(of: "id=\"d-e1-1\"")).lowerBound
        let why = try #require(html.range(of: "<details class=\"why\">", range: detail..<html.endIndex)).lowerBound
        #expect(why < (html.range(of: "id=\"d-e1-2\"")?.lowerBound ?? html.startIndex))
        #expect(html.contains("<li>Column 2 of 3 (x 812–1530 px).</li>"))
        #expect(html.contains("line 14 “Château &lt;b&gt;Palmer&lt;/b&gt;” (name)"))
        #expect(!html.contains("<b>Palmer"))
        #expect(html.contains("from the label above it in the header “Glass Bottle”."))
        // An entry without facts (a receipt item, an older report) has no disclosure.
        #expect(html.components(separatedBy: "<details class=\"why\">").count == 2)
        // Still one script, the page's own.
        #expect(html.components(separatedBy: "<script").count == 2)
    }

    @Test func entriesJSONCarriesTheLayoutAndOlderJSONStillReads() throws {
        let record = Self.record(Self.layout)
        let data = try JSONEncoder().encode(record)
        #expect(try JSONDecoder().decode(EntryRecord.self, from: data) == record)
        var object = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let layout = try #require(object["layout"] as? [String: Any])
        #expect((layout["column"] as? [String: Any])?["left"] as? Int == 812)
        object["layout"] = nil
        let older = try JSONSerialization.data(withJSONObject: object)
        #expect(try JSONDecoder().decode(EntryRecord.self, from: older).layout == nil)
    }
}
