import Catalogue
import DecantTestSupport
import Entries
import Foundation
import Testing

@Suite("Drinking windows estimated from a wine's style")
struct StyleWindowTests {
    /// One made-up listing per row of the table: the words a list prints, the colour it gives (nil:
    /// none), and the row that must take it.
    static let cases: [(text: String, colour: String?, row: String)] = [
        ("Graham's LBV", nil, "late-bottled-vintage-port"),
        ("Kopke Colheita", nil, "colheita"),
        ("Quinta do Vesuvio Vintage Port", nil, "vintage-port"),
        ("Blandy's Malmsey Frasqueira", nil, "madeira"),
        ("Palo Cortado Añada", nil, "sherry"),
        ("Banyuls Rimage", nil, "vin-doux-naturel"),
        ("Château Suduiraut, Sauternes", nil, "noble-sweet"),
        ("Weingut Muster Trockenbeerenauslese", "white", "noble-sweet"),
        ("Ice Wine Vidal", nil, "noble-sweet"),
        ("Moscato Passito di Pantelleria", nil, "noble-sweet"),
        ("Some Dessert Cuvée", "sweet", "sweet"),
        ("Old Reserve", "fortified", "fortified"),
        ("Champagne Pol Roger Brut", nil, "vintage-champagne"),
        ("Ferrari Millesimato Trento DOC", nil, "vintage-champagne"),
        ("Nyetimber Blanc de Blancs, Sussex", "white", "vintage-champagne"),
        ("Prosecco Superiore", nil, "fresh-sparkling"),
        ("Crémant de Loire Brut", nil, "traditional-sparkling"),
        ("Raumland Winzersekt Brut", nil, "traditional-sparkling"),
        ("Cuvée Pétillante", "sparkling", "sparkling"),
        ("Giacomo Conterno Barolo Cascina Francia", nil, "barolo-barbaresco"),
        ("Brunello di Montalcino", "red", "brunello"),
        ("Amarone della Valpolicella Classico", nil, "amarone"),
        ("Mastroberardino Taurasi Radici", nil, "aglianico-cru"),
        ("Château Pichon Baron, Pauillac", nil, "bordeaux-cru"),
        ("Château Mondésir, Bordeaux Supérieur", nil, "bordeaux"),
        ("Domaine Rossignol Gevrey-Chambertin 1er Cru", "red", "burgundy-cru"),
        ("Bourgogne Pinot Noir", "red", "burgundy"),
        ("Crozes-Hermitage Les Launes", "red", "rhone-syrah"),
        ("Jamet Côte-Rôtie", nil, "northern-rhone-cru"),
        ("Châteauneuf-du-Pape Vieilles Vignes", "red", "southern-rhone-cru"),
        ("Côtes du Rhône Villages", nil, "rhone"),
        ("Rioja Gran Reserva 904", nil, "gran-reserva"),
        ("Chianti Classico Riserva", nil, "reserva"),
        ("Rioja Crianza", nil, "crianza"),
        ("Pesquera, Ribera del Duero", nil, "spanish-structured"),
        ("Rioja Tinto Joven", nil, "rioja"),
        ("Bolgheri Rosso", nil, "tuscan-structured"),
        ("IGT Toscana Exemplo", nil, "tuscan-structured"),
        ("Morellino di Scansano", nil, "chianti"),
        ("Morgon Côte du Py", nil, "beaujolais-cru"),
        ("Beaujolais-Villages", nil, "beaujolais"),
        ("Quinta do Crasto, Douro Tinto", nil, "portuguese-red"),
        ("Chinon Les Picasses", nil, "loire-red"),
        ("Napa Valley Cabernet Sauvignon", nil, "cabernet-sauvignon"),
        ("Langhe Nebbiolo", nil, "nebbiolo"),
        ("Barossa Shiraz", nil, "syrah"),
        ("Mendoza Malbec", nil, "structured-red-grape"),
        ("Ahr Spätburgunder trocken", nil, "pinot-noir"),
        ("Barbera d'Alba", nil, "light-red-grape"),
        ("Vino da Tavola", "red", "red"),
        ("Puligny-Montrachet Les Folatières", "white", "white-burgundy-cru"),
        ("Chablis", nil, "chablis"),
        ("Hermitage Blanc", nil, "white-rhone"),
        ("Riesling Spätlese, Mosel", nil, "riesling-pradikat"),
        ("Domaine Huet Vouvray Sec", nil, "chenin-blanc"),
        ("Clare Valley Riesling", nil, "riesling"),
        ("Pessac-Léognan Blanc", nil, "white-bordeaux"),
        ("Mâcon-Villages", "white", "white-burgundy"),
        ("Assyrtiko, Santorini", nil, "textured-white"),
        ("Condrieu La Doriane", nil, "viognier"),
        ("Sancerre Les Romains", nil, "fresh-white"),
        ("Vin de Pays", "white", "white"),
        ("Côtes de Provence Cuvée Exemple", nil, "provence-rose"),
        ("Whispering Hill Rosé", "rose", "rose"),
        ("Château Inconnu", nil, "wine"),
    ]

    @Test("every row of the table takes the listing made up for it", arguments: cases.indices)
    func row(_ i: Int) {
        let c = Self.cases[i]
        let window = StyleWindow.estimate(vintage: 2020, colour: c.colour, text: c.text)
        #expect(window.row == c.row, "\(c.text) (\(c.colour ?? "no colour"))")
        let style = DrinkWindowStyle.table.first { $0.key == c.row }
        #expect(window.from == 2020 + (style?.from ?? -99) && window.to == 2020 + (style?.to ?? -99))
    }

    @Test("the made-up listings cover every row")
    func everyRowTested() {
        let tested = Set(Self.cases.map(\.row))
        let rows = DrinkWindowStyle.table.map(\.key)
        #expect(Set(rows).subtracting(tested).isEmpty, "untested rows: \(Set(rows).subtracting(tested).sorted())")
        #expect(Set(rows).count == rows.count, "row keys repeat")
        for row in DrinkWindowStyle.table {
            #expect(row.from >= 0 && row.to > row.from, "\(row.key)")
            #expect(!row.fact.isEmpty, "\(row.key) has no fact")
        }
    }

    @Test("docs/drinking-windows.md shows every row with its window")
    func documented() throws {
        let doc = try String(contentsOfFile: Repository.root + "/docs/drinking-windows.md", encoding: .utf8)
        for row in DrinkWindowStyle.table {
            #expect(doc.contains("| `\(row.key)` | \(row.from)–\(row.to) |"), "\(row.key) is missing from the table in docs/drinking-windows.md")
        }
    }

    @Test("a 2019 Barolo and a 2022 Sancerre differ by a decade")
    func baroloAndSancerre() {
        let barolo = StyleWindow.estimate(vintage: 2019, colour: "red", text: "Barolo DOCG")
        let sancerre = StyleWindow.estimate(vintage: 2022, colour: "white", text: "Sancerre")
        #expect(barolo.from == 2027 && barolo.to == 2044)
        #expect(sancerre.from == 2022 && sancerre.to == 2026)
        #expect(barolo.to - sancerre.to >= 10)
        #expect(barolo.source == "style:barolo-barbaresco")
    }

    @Test("the colour a list gives keeps a place's other colour out")
    func colourDecides() {
        #expect(StyleWindow.estimate(vintage: 2018, colour: "red", text: "Port Phillip Estate Pinot Noir").row == "pinot-noir")
        #expect(StyleWindow.estimate(vintage: 2018, colour: nil, text: "Port Phillip Estate Pinot Noir").row == "pinot-noir")
        #expect(StyleWindow.estimate(vintage: 2000, colour: "sweet", text: "Taylor's Vintage Port").row == "vintage-port")
        #expect(StyleWindow.estimate(vintage: 2018, colour: "white", text: "Hermitage").row == "white-rhone")
        #expect(StyleWindow.estimate(vintage: 2018, colour: "red", text: "Hermitage").row == "northern-rhone-cru")
        #expect(StyleWindow.estimate(vintage: 2018, colour: "white", text: "Bordeaux").row == "white-bordeaux")
        #expect(StyleWindow.estimate(vintage: 2018, colour: "rose", text: "Bordeaux Clairet").row == "rose")
    }

    @Test("colour words in six languages, and a grape's colour, stand in for a missing colour",
          arguments: [("Vins Blancs Bourgogne", "white-burgundy"), ("Vini Bianchi Bourgogne", "white-burgundy"),
                      ("Vinos Blancos Rioja", "textured-white"), ("Weißweine Bordeaux", "white-bordeaux"),
                      ("Vinhos Brancos Bordeaux", "white-bordeaux"), ("White Wines Bordeaux", "white-bordeaux"),
                      ("Rotweine Bordeaux", "bordeaux"), ("Vins Rosés", "rose"), ("Rosato", "rose"),
                      ("Chardonnay Reserva", "white-burgundy"), ("Espumosos", "sparkling"), ("Vini Dolci", "sweet")])
    func colourWords(_ text: String, _ row: String) {
        #expect(StyleWindow.estimate(vintage: 2020, colour: nil, text: text).row == row, "\(text)")
    }

    @Test("the top price quarter of a list lengthens an ageing style's window, not a young one's")
    func premiumTier() {
        let prices: [Double] = [30, 35, 40, 45, 50, 60, 80, 120, 200]
        #expect(StyleWindow.isPremium(price: 200, among: prices))
        #expect(StyleWindow.isPremium(price: 120, among: prices))
        #expect(!StyleWindow.isPremium(price: 60, among: prices))
        #expect(!StyleWindow.isPremium(price: 200, among: Array(prices.prefix(5))), "too few prices to tell a tier")
        #expect(!StyleWindow.isPremium(price: nil, among: prices))
        let dear = StyleWindow.estimate(vintage: 2016, colour: "red", text: "Pauillac", premium: true)
        #expect(dear.row == "bordeaux-cru/premium")
        #expect(dear.from == 2022 && dear.to == 2016 + 25 + 10)
        let young = StyleWindow.estimate(vintage: 2022, colour: "white", text: "Sancerre", premium: true)
        #expect(young.row == "fresh-white" && young.to == 2026)
    }
}
