/// A small file made like CellarTracker's export of its List table: its columns in its order, most
/// critics' columns empty, as the tests of the `cellartracker` preset need it.
public enum CellarTrackerExport {
    public static let header = "iWine,WineBarcode,Quantity,Pending,Location,Bin,Size,Price,Valuation,MyValue,WBValue,CTValue,"
        + "MenuPrice,Currency,Vintage,Wine,Locale,Country,Region,SubRegion,Appellation,Producer,SortProducer,Type,Varietal,"
        + "MasterVarietal,Designation,Vineyard,WA,WS,IWC,BH,AG,WE,JR,RH,JG,GV,JK,LD,CW,WFW,PR,SJ,WD,RR,JH,MFW,WWR,IWR,CHG,TT,"
        + "TWF,DR,FP,JM,PG,WAL,CT,MY,BeginConsume,EndConsume,UPC"

    public struct Row: Sendable {
        public var id, price, currency, vintage, wine, locale, country, region, subregion, appellation, producer, type, varietal: String
        /// Wine Advocate's and Jancis Robinson's columns (100- and 20-point), CellarTracker's community score.
        public var wa = "", jr = "", ct: String
        public var begin, end: String

        public init(id: String, price: String, currency: String, vintage: String, wine: String, locale: String, country: String,
                    region: String, subregion: String, appellation: String, producer: String, type: String, varietal: String,
                    wa: String = "", jr: String = "", ct: String, begin: String, end: String) {
            (self.id, self.price, self.currency, self.vintage, self.wine, self.locale) = (id, price, currency, vintage, wine, locale)
            (self.country, self.region, self.subregion, self.appellation) = (country, region, subregion, appellation)
            (self.producer, self.type, self.varietal, self.wa, self.jr, self.ct) = (producer, type, varietal, wa, jr, ct)
            (self.begin, self.end) = (begin, end)
        }

        public var line: String {
            let critics = [wa, "", "", "", "", "", jr] + Array(repeating: "", count: 23)
            let fields = [id, "W\(id)_750ml", "1", "0", "Cellar", "", "750ml", price, price, "0", "", "", "0", currency, vintage, wine,
                          locale, country, region, subregion, appellation, producer, producer, type, varietal, varietal, "Unknown",
                          "Unknown"] + critics + [ct, "", begin, end, ""]
            return fields.map { $0.contains(",") ? "\"\($0)\"" : $0 }.joined(separator: ",")
        }
    }

    public static let barbaresco = Row(
        id: "101", price: "85", currency: "EUR", vintage: "2016", wine: "Produttori del Barbaresco Barbaresco Rabajà",
        locale: "Italy, Piedmont, Langhe, Barbaresco", country: "Italy", region: "Piedmont", subregion: "Langhe",
        appellation: "Barbaresco", producer: "Produttori del Barbaresco", type: "Red", varietal: "Nebbiolo",
        ct: "93.4", begin: "2024", end: "2040")
    public static let bollinger = Row(
        id: "102", price: "0", currency: "EUR", vintage: "1001", wine: "Bollinger Champagne Special Cuvée",
        locale: "France, Champagne", country: "France", region: "Champagne", subregion: "Unknown",
        appellation: "Champagne", producer: "Bollinger", type: "White - Sparkling", varietal: "Champagne Blend",
        ct: "", begin: "", end: "")
    public static let sauternes = Row(
        id: "103", price: "40", currency: "EUR", vintage: "2019", wine: "Domaine X Sauternes",
        locale: "France, Bordeaux, Sauternais, Sauternes", country: "France", region: "Bordeaux",
        subregion: "Sauternais", appellation: "Sauternes", producer: "Domaine X", type: "White - Sweet/Dessert",
        varietal: "Sémillon-Sauvignon Blanc Blend", wa: "92-94", jr: "17.5", ct: "", begin: "2025", end: "2050")

    /// The header and `rows`, one line each.
    public static func text(_ rows: [Row] = [barbaresco, bollinger, sauternes]) -> String {
        ([header] + rows.map(\.line)).joined(separator: "\n") + "\n"
    }
}
