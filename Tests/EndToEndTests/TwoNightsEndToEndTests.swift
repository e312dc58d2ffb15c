import DecantTestSupport
import Foundation
import Testing

/// Two nights of one restaurant's list through the whole pipeline (render → OCR → entries → match →
/// history). Both nights are rendered by `decant synth --selection` from a changed catalogue
/// selection: the second night drops one wine, adds one, raises one price and rolls one vintage
/// over. The change report must say exactly that, and a re-run of the same night nothing.
///
/// The runs use Tesseract: the test is about what the history makes of two readings, and
/// Tesseract reads this clean render exactly, where PP-OCR reads some of its "£" as "E" and, on
/// some CPUs, drops a digit beside it (docs/ppocr.md#what-pp-ocr-reads-worse).
@Suite struct TwoNightsEndToEndTests {
    let scratch = TemporaryFolder("decant-e2e")

    struct Item { var id: String; var vintage: String; var price: Int }

    static let nightOne: [Item] = [
        Item(id: "dc-0101", vintage: "NV", price: 95),      // Billecart-Salmon Brut Réserve
        Item(id: "dc-0400", vintage: "2018", price: 80),    // Pegasus Bay Riesling
        Item(id: "dc-0177", vintage: "2015", price: 450),   // Château Margaux
        Item(id: "dc-0300", vintage: "2019", price: 120),   // Elena Fucci Titolo
        Item(id: "dc-0200", vintage: "2016", price: 160),   // Les Forts de Latour
    ]
    /// Titolo gone, Pazo de Señoráns in, the Riesling up to 86, Les Forts now the 2017.
    static let nightTwo: [Item] = [
        Item(id: "dc-0101", vintage: "NV", price: 95),
        Item(id: "dc-0400", vintage: "2018", price: 86),
        Item(id: "dc-0450", vintage: "2023", price: 58),    // Pazo de Señoráns Albariño
        Item(id: "dc-0177", vintage: "2015", price: 450),
        Item(id: "dc-0200", vintage: "2017", price: 160),
    ]

    func render(_ items: [Item], into folder: String) throws {
        let selection = scratch.file("selection.json")
        let json = "{\"wines\": [" + items.map { "{\"id\": \"\($0.id)\", \"vintage\": \"\($0.vintage)\", \"price\": \($0.price)}" }
            .joined(separator: ", ") + "]}"
        try json.write(toFile: selection, atomically: true, encoding: .utf8)
        let result = try DecantProcess.run(["synth", folder, "--kind", "winelist", "--count", "1", "--prefix", "list",
                                        "--selection", selection, "--shape", "flat", "--effects", "clean",
                                        "--fonts", "clean", "--leaders", "none", "--columns", "1", "--max-tilt", "0",
                                        "--max-rotation", "0", "--size", "1536x2048", "--seed", "5", "--quiet"])
        try #require(result.status == 0, "decant synth failed: \(result.stderr)")
    }

    @Test func secondNightReportsExactlyTheFourChangesAndAReRunNone() throws {
        let root = scratch.path
        try render(Self.nightOne, into: root + "/night-1/bistro")
        try render(Self.nightTwo, into: root + "/night-2/bistro")
        let out = root + "/Reports"

        let first = try DecantProcess.run(["run", root + "/night-1", "--out", out, "--quiet", "--kind", "winelist", "--engine", "tesseract"])
        #expect(first.status == 0, "stderr: \(first.stderr)")
        #expect(try CSVRows.parse(try String(contentsOfFile: out + "/bistro/changes.csv", encoding: .utf8)).dropFirst().map { $0[1] } == ["new-job"])

        let second = try DecantProcess.run(["run", root + "/night-2", "--out", out, "--quiet", "--kind", "winelist", "--engine", "tesseract"])
        #expect(second.status == 0, "stderr: \(second.stderr)")
        let rows = try CSVRows.parse(try String(contentsOfFile: out + "/bistro/changes.csv", encoding: .utf8))
        let header = try #require(rows.first)
        func column(_ name: String) throws -> Int { try #require(header.firstIndex(of: name), "no \(name) column") }
        let (change, id, col, old, new) = (try column("change"), try column("wine_id"), try column("column"),
                                           try column("old"), try column("new"))
        let changes = Set(rows.dropFirst().map { [$0[change], $0[id], $0[col], $0[old], $0[new]].description })
        let entriesRead = (try? String(contentsOfFile: out + "/bistro/entries.csv", encoding: .utf8)) ?? ""
        // The four differences between the two selections, and nothing else.
        #expect(changes == Set([
            ["removed", "dc-0300", "", "bottle 120", ""],
            ["added", "dc-0450", "", "", "bottle 58"],
            ["price-changed", "dc-0400", "bottle", "80", "86"],
            ["vintage-changed", "dc-0200", "", "2016", "2017"],
        ].map { $0.description }), "entries read: \(entriesRead)")
        #expect(rows.count == 5)

        let summary = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/changes-summary.json"))) as? [String: Any])
        let totals = try #require(summary["totals"] as? [String: Int])
        #expect(totals == ["added": 1, "removed": 1, "priceChanged": 1, "vintageChanged": 1, "total": 4])

        // The same night again: nothing changed.
        let again = try DecantProcess.run(["run", root + "/night-2", "--out", out, "--quiet", "--kind", "winelist", "--engine", "tesseract"])
        #expect(again.status == 0)
        #expect(try CSVRows.parse(try String(contentsOfFile: out + "/bistro/changes.csv", encoding: .utf8)).count == 1)

        // And the history tells the Riesling's price over the three nights.
        let history = try DecantProcess.run(["history", "wine", "pegasus bay riesling", "--history", out + "/history.sqlite", "--format", "csv"])
        let prices = try CSVRows.parse(history.stdout)
        let bottle = try #require(prices.first?.firstIndex(of: "bottle"))
        #expect(prices.dropFirst().map { $0[bottle] } == ["80", "86", "86"])
    }
}
