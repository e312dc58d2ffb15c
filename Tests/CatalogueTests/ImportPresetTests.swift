import Catalogue
import DecantTestSupport
import Entries
import Foundation
import Testing

/// The exports people keep, each as a small file made like the real one (its columns as the service
/// writes them), imported by the preset of its name.
@Suite("Catalogue import presets")
struct ImportPresetTests {
    let folder = TemporaryFolder("decant-presets")

    func file(_ name: String, _ contents: String) throws -> String {
        let path = folder.file(name)
        try contents.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("CellarTracker: windows, the community score, a critic's range, NV as 1001, the colour in the type")
    func cellarTracker() throws {
        let c = try CatalogueImporter.importFiles([try file("cellar.csv", CellarTrackerExport.text())], mapping: .cellarTracker, name: "ct")
        #expect(c.count == 3)
        let barbaresco = try #require(c.index(ofID: "ct-101").map { c[$0] })
        #expect(barbaresco.producer == "Produttori del Barbaresco")
        #expect(barbaresco.wine == "Barbaresco Rabajà", "the producer in front of CellarTracker's wine name is taken off")
        #expect(barbaresco.vintage == .year(2016))
        #expect(barbaresco.score == 93.4)
        #expect(barbaresco.drinkFrom == 2024 && barbaresco.drinkTo == 2040)
        #expect(barbaresco.releasePrice == 85 && barbaresco.currency == "EUR")
        #expect(barbaresco.region == "Barbaresco" && barbaresco.subregion == "Piedmont" && barbaresco.country == "Italy")
        #expect(barbaresco.colour == "red")
        #expect(barbaresco.grapes == ["Nebbiolo"])
        let bollinger = try #require(c.index(ofID: "ct-102").map { c[$0] })
        #expect(bollinger.vintage == .nonVintage)
        #expect(bollinger.colour == "sparkling")
        #expect(bollinger.score == nil && bollinger.releasePrice == nil && bollinger.currency == nil, "a price of 0 is no price")
        let sauternes = try #require(c.index(ofID: "ct-103").map { c[$0] })
        #expect(sauternes.colour == "sweet")
        #expect(sauternes.score == 93, "no CT score: Wine Advocate's 92-94 is read as 93; JR's 20-point 17.5 is not read")
        #expect(c.problems.isEmpty, "\(c.problems)")
    }

    @Test("a catalogue written as TSV keeps its windows and grapes")
    func tsvKeepsWindows() throws {
        let c = try CatalogueImporter.importFiles([try file("cellar.csv", CellarTrackerExport.text())], mapping: .cellarTracker, name: "ct")
        let path = folder.file("cellar.tsv")
        try c.tsvText().write(toFile: path, atomically: true, encoding: .utf8)
        let back = try Catalogue.load(path: path)
        let barbaresco = try #require(back.index(ofID: "ct-101").map { back[$0] })
        #expect(barbaresco.drinkFrom == 2024 && barbaresco.drinkTo == 2040)
        #expect(barbaresco.score == 93.4 && barbaresco.grapes == ["Nebbiolo"])
        let bollinger = try #require(back.index(ofID: "ct-102").map { back[$0] })
        #expect(bollinger.drinkFrom == nil && bollinger.vintage == .nonVintage)
    }

    @Test("CellarTracker's tab-separated export reads the same, and Windows-1252 text stays readable")
    func cellarTrackerTabsAndLatin1() throws {
        // The same rows with tabs between fields and no quotes (a tab-separated field needs none here).
        let tsv = CellarTrackerExport.text().split(separator: "\n").map { line in
                var fields: [String] = []
                var field = ""
                var quoted = false
                for ch in line {
                    if ch == "\"" { quoted.toggle(); continue }
                    if ch == "," && !quoted { fields.append(field); field = ""; continue }
                    field.append(ch)
                }
                fields.append(field)
                return fields.joined(separator: "\t")
            }.joined(separator: "\n")
        let path = folder.file("cellar.txt")
        try #require(FileManager.default.createFile(atPath: path, contents: try #require(tsv.data(using: .windowsCP1252))))
        let c = try CatalogueImporter.importFiles([path], mapping: .cellarTracker, name: "ct")
        #expect(c.count == 3)
        let barbaresco = try #require(c.index(ofID: "ct-101").map { c[$0] })
        #expect(barbaresco.wine == "Barbaresco Rabajà")
        #expect(barbaresco.drinkTo == 2040)
    }

    @Test("a CellarTracker file without a column it needs stops with the column named")
    func cellarTrackerMissingColumn() throws {
        let export = CellarTrackerExport.text().replacingOccurrences(of: ",Vintage,", with: ",Year,")
        let path = try file("no-vintage.csv", export)
        #expect {
            try CatalogueImporter.importFiles([path], mapping: .cellarTracker, name: "ct")
        } throws: { error in
            let message = (error as? CatalogueError)?.description ?? ""
            return message.contains("no-vintage.csv:1") && message.contains("no column \"Vintage\" for vintage")
                && message.contains("cellartracker")
        }
        let noProducer = try file("no-producer.csv", "iWine,Wine,Vintage\n1,X,2019\n")
        #expect {
            try CatalogueImporter.importFiles([noProducer], mapping: .cellarTracker, name: "ct")
        } throws: { error in
            (error as? CatalogueError)?.description.contains("no column \"Producer\" for producer") == true
        }
    }

    @Test("Vivino's data export: stars × 20, the type as colour, the drinking window in one column")
    func vivinoExport() throws {
        let path = try file("full_wine_list.csv", """
        Winery,Wine name,Vintage,Region,Country,Regional wine style,Average rating,Scan date,Scan/Review Location,Your rating,Your review,Personal Note,Wine type,Drinking Window,Link to wine,Label image
        Cantina Esempio,Barolo Bussia,2017,Barolo,Italy,Italian Barolo,4.3,2024-03-01 19:02:11,,4.5,,,Red wine,2025 - 2037,https://www.vivino.com/w/1,
        Maison Exemple,Brut Réserve,N.V.,Champagne,France,Champagne,4.1,2024-05-09 20:10:00,,,,,Sparkling,,https://www.vivino.com/w/2,
        """)
        let c = try CatalogueImporter.importFiles([path], mapping: .vivino, name: "v")
        #expect(c.count == 2)
        #expect(c[0].wine == "Barolo Bussia" && c[0].vintage == .year(2017))
        #expect(c[0].score == 86)
        #expect(c[0].colour == "red")
        #expect(c[0].drinkFrom == 2025 && c[0].drinkTo == 2037)
        #expect(c[1].vintage == .nonVintage && c[1].colour == "sparkling" && c[1].drinkFrom == nil)
        let noName = try file("broken.csv", "Winery,Vintage,Average rating\nX,2019,4\n")
        #expect {
            try CatalogueImporter.importFiles([noName], mapping: .vivino, name: "v")
        } throws: { error in
            (error as? CatalogueError)?.description.contains("none of the columns \"Wine name\", \"Name\" for wine") == true
        }
    }

    @Test("Wine Enthusiast's data set without its points column stops with the column named")
    func wineEnthusiastMissingPoints() throws {
        let path = try file("wm.csv", ",country,description,designation,price,province,region_1,region_2,taster_name,taster_twitter_handle,title,variety,winery\n")
        #expect {
            try CatalogueImporter.importFiles([path], mapping: .wineEnthusiast, name: "wm")
        } throws: { error in
            (error as? CatalogueError)?.description.contains("no column \"points\" for score") == true
        }
    }

    @Test("a plain CSV names its fields in its header; --map renames one")
    func plainCSV() throws {
        let path = try file("mine.csv", """
        Producer,Wine,Vintage,Colour,Score,Price,Currency,Drink_From,Drink_To
        Domaine Exemple,Sancerre Les Caillottes,2022,white,91,24,GBP,2023,2027
        Bodega Modelo,Rioja Reserva,2018,red,93+,31,GBP,,
        """)
        let c = try CatalogueImporter.importFiles([path], mapping: .plain, name: "mine")
        #expect(c.count == 2)
        #expect(c[0].drinkFrom == 2023 && c[0].drinkTo == 2027 && c[0].score == 91 && c[0].currency == "GBP")
        #expect(c[1].score == 93 && c[1].drinkFrom == nil)
        var mapping = ColumnMapping.plain
        try mapping.override("score=Rating")
        let renamed = try file("renamed.csv", "producer,wine,vintage,Rating\nX,Y,2019,88\n")
        #expect(try CatalogueImporter.importFiles([renamed], mapping: mapping, name: "r")[0].score == 88)
    }

    @Test("a window that ends before it begins, or a score beyond 100, is left empty with the line named")
    func badValues() throws {
        let path = try file("bad.csv", "producer,wine,vintage,score,drink_from,drink_to\nX,Y,2019,930,2030,2020\n")
        let c = try CatalogueImporter.importFiles([path], mapping: .plain, name: "b")
        #expect(c[0].score == nil && c[0].drinkFrom == nil && c[0].drinkTo == nil)
        #expect(c.problems.contains { $0.line == 2 && $0.message.contains("beyond 100 points") })
        #expect(c.problems.contains { $0.line == 2 && $0.message.contains("ends (2020) before it begins (2030)") })
        // Numbers no export means as a year or a score are refused, never trapped on.
        let odd = try file("odd.csv", "producer,wine,vintage,score,drink_from,drink_to,price\nX,Y,2019,nan,1e300,2020.5,inf\n")
        let o = try CatalogueImporter.importFiles([odd], mapping: .plain, name: "o")
        #expect(o[0].score == nil && o[0].drinkFrom == nil && o[0].drinkTo == nil && o[0].releasePrice == nil)
        #expect(o.problems.contains { $0.message.contains("drinkFrom \"1e300\" is not a year") })
        #expect(o.problems.contains { $0.message.contains("drinkTo \"2020.5\" is not a year") })
    }

    @Test("an export's type column names the colour", arguments: [
        ("Red", "red"), ("White - Sweet/Dessert", "sweet"), ("Rosé - Sparkling", "sparkling"), ("White - Sparkling", "sparkling"),
        ("Red - Fortified", "fortified"), ("Dessert wine", "sweet"), ("Rosé wine", "rose"), ("White wine", "white"),
    ])
    func typeColour(_ type: String, _ colour: String) {
        #expect(WineColour.fromType(type) == colour)
    }
}
