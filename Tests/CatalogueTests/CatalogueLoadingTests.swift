import Catalogue
import DecantTestSupport
import Entries
import Foundation
import Testing

@Suite("Catalogue loading and import")
struct CatalogueLoadingTests {
    let folder = TemporaryFolder("decant-catalogue")

    func temporaryFile(_ name: String, _ contents: String) throws -> String {
        let path = folder.file(name)
        try contents.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("the benchmark TSV keeps its ids and reports bad rows by line")
    func tsvRowsAndProblems() throws {
        let path = try temporaryFile("cat.tsv", """
        id\tproducer\twine\tvintage\tregion\tcountry\tcolour\ttext
        10\tDomaine Leflaive\tClavoillon\t2015\tBurgundy\tFrance\tWhite\tx
        11\t\tNo Producer\t2015\tBurgundy\tFrance\tWhite\tx
        12\tDomaine Leflaive\tClavoillon\t20x5\tBurgundy\tFrance\tWhite\tx
        13\tDOMAINE LEFLAIVE\tClavoillon\t2015\t\t\t\tx
        10\tKrug\tGrande Cuvée\tNV\tChampagne\tFrance\tSparkling\tx
        14\tKrug\tGrande Cuvée\tMV\tChampagne\tFrance\tRosé\tx

        """)
        let catalogue = try Catalogue.load(path: path)
        #expect(catalogue.count == 3)
        #expect(catalogue.index(ofID: "10") == 0)
        #expect(catalogue[0].colour == "white")
        #expect(catalogue[0].vintage == .year(2015))
        #expect(catalogue.index(ofID: "14") != nil)
        #expect(catalogue[catalogue.index(ofID: "14")!].colour == "rose")
        let byLine = Dictionary(grouping: catalogue.problems, by: { $0.line ?? 0 })
        #expect(byLine[3]?.first?.message.contains("no id or producer") == true)
        #expect(byLine[4]?.first?.message.contains("not a year") == true)
        #expect(byLine[5]?.first?.message.contains("duplicate of line 2") == true)
        #expect(byLine[6]?.first?.message.contains("already used by line 2") == true)
        #expect(catalogue.problems.allSatisfy { $0.file == "cat.tsv" })
    }

    @Test("a TSV without the id and producer columns is refused with the file's name")
    func tsvHeader() throws {
        let path = try temporaryFile("bad.tsv", "name\tyear\nfoo\t2015\n")
        #expect(throws: CatalogueError.self) { try Catalogue.load(path: path) }
        do { _ = try Catalogue.load(path: path) } catch {
            #expect(error.description.hasPrefix("bad.tsv:1:"))
        }
    }

    @Test("duplicates merge and keep the first row's id, filling its gaps")
    func duplicatesMerge() {
        let c = Catalogue(name: "t", wines: [
            Wine(id: "a", producer: "Château Léoville-Las-Cases", wine: "", vintage: .year(2010)),
            Wine(id: "b", producer: "CHATEAU LEOVILLE LAS CASES", wine: "", region: "Saint-Julien", vintage: .year(2010), score: 97),
            Wine(id: "c", producer: "Château Léoville-Las-Cases", wine: "", vintage: .year(2011)),
        ], file: "t.json")
        #expect(c.count == 2)
        #expect(c[0].id == "a")
        #expect(c[0].region == "Saint-Julien")
        #expect(c[0].score == 97)
        #expect(c.problems.count == 1)
        #expect(c.problems[0].line == 2)
    }

    @Test("JSON in Decant's format round-trips")
    func jsonRoundTrip() throws {
        let data = try Fixture.catalogue.jsonData()
        let path = try temporaryFile("fixture.json", String(decoding: data, as: UTF8.self))
        let loaded = try Catalogue.load(path: path)
        #expect(loaded.wines == Fixture.catalogue.wines)
    }

    @Test("CSV import reports row problems with line numbers, quoted fields spanning lines included")
    func csvProblems() throws {
        let path = try temporaryFile("export.csv", #"""
        Winery,Name,Year,Price,Rating,Region,Country
        Niepoort,"Redoma, Rosé 2019",2019,12.81,3.9,Douro,Portugal
        ,Nameless,2019,10,4.0,Douro,Portugal
        "Quinta do ""Noval""","Vintage
        Port",2011,abc,4.6,Douro,Portugal
        Broken,Row
        Niepoort,Redoma Rosé,2019,12.81,3.9,Douro,Portugal
        """#)
        let c = try CatalogueImporter.importFiles([path], mapping: .vivino, name: "t")
        #expect(c.count == 2)
        let lines = c.problems.map { ($0.line ?? 0, $0.message) }
        #expect(lines.contains { $0.0 == 3 && $0.1.contains("no Winery") })
        #expect(lines.contains { $0.0 == 4 && $0.1.contains("price \"abc\" is not a number") })
        #expect(lines.contains { $0.0 == 6 && $0.1.contains("expected 7 columns") })
        #expect(lines.contains { $0.0 == 7 && $0.1.contains("duplicate of line 2") })
        #expect(c[1].producer == "Quinta do \"Noval\"")
        #expect(c[1].wine == "Vintage Port")
        #expect(c[0].wine == "Redoma, Rosé")
        #expect(c[0].score == 78)
        #expect(c[0].colour == nil)
    }

    @Test("the Wine Enthusiast mapping takes producer, vintage and region out of the title")
    func wineEnthusiastTitle() throws {
        let path = try temporaryFile("wm.csv", """
        id,country,description,designation,points,price,province,region_1,region_2,taster_name,taster_twitter_handle,title,variety,winery
        1,Portugal,"Ripe, fruity.",Avidagos,87,15,Douro,,,R,@r,Quinta dos Avidagos 2011 Avidagos Red (Douro),Portuguese Red,Quinta dos Avidagos
        2,US,"Tart.",,87,14,Oregon,Willamette Valley,Willamette Valley,P,@p,Rainstorm 2013 Pinot Gris (Willamette Valley),Pinot Gris,Rainstorm
        """)
        let c = try CatalogueImporter.importFiles([path], mapping: .wineEnthusiast, name: "wm")
        #expect(c.count == 2)
        #expect(c[0].id == "wm-1")
        #expect(c[0].wine == "Avidagos Red")
        #expect(c[0].vintage == .year(2011))
        #expect(c[0].colour == "red")
        #expect(c[0].releasePrice == 15)
        #expect(c[0].currency == "USD")
        #expect(c[1].wine == "Pinot Gris")
        #expect(c[1].region == "Willamette Valley")
        #expect(c[1].subregion == "Oregon")
        #expect(c[1].colour == "white")
    }

    @Test("Vivino files give their colour by file name")
    func vivinoColour() throws {
        let path = try temporaryFile("Red.csv", "Name,Country,Region,Winery,Rating,NumberOfRatings,Price,Year\nPomerol 2011,France,Pomerol,Château La Providence,4.2,100 ,95,2011\n")
        let c = try CatalogueImporter.importFiles([path], mapping: .vivino, name: "v")
        #expect(c[0].colour == "red")
        #expect(c[0].wine == "Pomerol")
        #expect(c[0].vintage == .year(2011))
        #expect(c[0].id == "vivino-red-2")
    }
}
