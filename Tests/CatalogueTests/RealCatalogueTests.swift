import DecantTestSupport
import Catalogue
import Foundation
import Testing

@Suite("Real catalogues (../shared/data/catalogue)")
struct RealCatalogueTests {
    @Test("Wine Enthusiast: import, then every row's list-style name finds the row",
          .enabled(if: SharedData.available, "needs ../shared/data/catalogue"))
    func wineEnthusiastRoundTrip() async throws {
        let catalogue = try CatalogueImporter.importFiles(["\(SharedData.catalogues)/winemag-data-130k-v2.first5811rows.csv"],
                                                         mapping: .wineEnthusiast, name: "winemag")
        #expect(catalogue.count > 5000)
        #expect(catalogue.problems.allSatisfy { $0.line != nil })
        let outcome = await RoundTrip.run(Matcher(catalogue: catalogue))
        #expect(outcome.share >= 0.97, "found \(outcome.found) of \(outcome.rows); misses: \(outcome.misses.prefix(5))")
    }

    @Test("Vivino: four files import into one catalogue, then every row finds itself",
          .enabled(if: SharedData.available, "needs ../shared/data/catalogue"))
    func vivinoRoundTrip() async throws {
        let files = ["Red", "White", "Rose", "Sparkling"].map { "\(SharedData.catalogues)/vivino/\($0).csv" }
        let catalogue = try CatalogueImporter.importFiles(files, mapping: .vivino, name: "vivino")
        #expect(catalogue.count > 12000)
        let colours = Set((0..<catalogue.count).compactMap { catalogue[$0].colour })
        #expect(colours == ["red", "white", "rose", "sparkling"])
        let outcome = await RoundTrip.run(Matcher(catalogue: catalogue))
        #expect(outcome.share >= 0.97, "found \(outcome.found) of \(outcome.rows); misses: \(outcome.misses.prefix(5))")
    }
}
