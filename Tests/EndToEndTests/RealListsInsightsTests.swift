import DecantTestSupport
import Foundation
import Testing

/// Issue 56's bar on the 14 shared real lists, as `decant-bench insights` measures it: every entry with
/// a vintage has a window and its source, and with the shared Wine Enthusiast rows imported every entry
/// matched to a scored row shows the score, and its value where the list gives a bottle price.
@Suite(.serialized) struct RealListsInsightsTests {
    let scratch = TemporaryFolder("decant-e2e-insights")

    static let lists = "data/winelists/docs"
    static let catalogue = "data/catalogue/winemag-data-130k-v2.first5811rows.csv"

    @Test(.enabled(if: SharedData.exists(lists) && SharedData.exists(catalogue),
                   "needs ../shared/data/winelists/docs and the shared Wine Enthusiast rows (../shared is absent)"))
    func everyVintageHasAWindowAndEveryScoredMatchItsScoreAndValue() throws {
        let result = try DecantProcess.run(["insights", "--data", SharedData.path(Self.lists), "--catalogue", SharedData.path(Self.catalogue),
                                            "--out", scratch.file("bench"), "--jobs", "1"], tool: "decant-bench")
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr.suffix(2000))")
        let pooled = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("| **pooled** |") })
        let cells = pooled.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        // | pooled | entries | with vintage | window + source | … | scored | shown | with bottle | value shown | markup |
        let vintaged = try #require(Int(cells[2])), windowed = try #require(Int(cells[3]))
        let scored = try #require(Int(cells[7])), shown = try #require(Int(cells[8]))
        let withBottle = try #require(Int(cells[9])), valued = try #require(Int(cells[10]))
        #expect(vintaged > 400, "the 14 lists print several hundred vintages")
        #expect(windowed == vintaged)
        #expect(scored > 0 && shown == scored)
        #expect(valued == withBottle)
        #expect(result.stdout.contains(": hold"))
    }
}
