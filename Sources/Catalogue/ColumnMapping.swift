import Foundation

/// Which source column feeds which catalogue field, plus the clean-ups a source needs (a title that
/// carries the producer and vintage, a colour given by the file name, a 5-star rating). A column may
/// name alternatives, `CT|WA|WS`: the first one the header has is read, and for a score the first
/// one a row fills, because exports leave most critics' columns empty.
public struct ColumnMapping: Sendable, Equatable {
    public enum Field: String, Sendable, CaseIterable {
        case id, producer, wine, vintage, region, subregion, country, colour, grapes, score, price, currency, drinkFrom, drinkTo
        /// "2020 - 2030" in one column (Vivino's export).
        case drinkWindow
    }

    public var name: String
    public var columns: [Field: String]
    /// Fields whose column the file must have: without it an import stops and names the column.
    public var required: Set<Field>
    /// The wine column holds "Producer 2013 Cuvée (Region)": strip producer, year and bracket, take the year.
    public var wineIsTitle = false
    /// Red.csv / White.csv …: the file name is the colour (when no colour column fills it).
    public var colourFromFileName = false
    /// Multiplies scores onto the 100-point scale (Vivino's 5 stars × 20).
    public var scoreScale = 1.0
    /// Currency of prices when the file has no currency column.
    public var currency: String?
    /// Made into ids ("wm-12", "vivino-red-7") when the source has no id column or ids repeat across files.
    public var idPrefix: String
    public var separator: UInt8 = 0x2C
    /// Read a header line holding tabs and no commas as tab-separated (exports come both ways).
    public var detectsTabs = false
    /// Vintage codes the source writes for a non-vintage wine (CellarTracker's 1001).
    public var nonVintageCodes: Set<String> = []

    public init(name: String, columns: [Field: String], required: Set<Field> = [.producer], wineIsTitle: Bool = false,
                colourFromFileName: Bool = false, scoreScale: Double = 1, currency: String? = nil, idPrefix: String,
                separator: UInt8 = 0x2C, detectsTabs: Bool = false, nonVintageCodes: Set<String> = []) {
        self.name = name
        self.columns = columns
        self.required = required
        self.wineIsTitle = wineIsTitle
        self.colourFromFileName = colourFromFileName
        self.scoreScale = scoreScale
        self.currency = currency
        self.idPrefix = idPrefix
        self.separator = separator
        self.detectsTabs = detectsTabs
        self.nonVintageCodes = nonVintageCodes
    }

    /// The column names a field may be read from, in order.
    public func alternatives(_ field: Field) -> [String] {
        (columns[field] ?? "").split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Wine Enthusiast reviews (winemag-data-130k): the title holds the vintage.
    public static let wineEnthusiast = ColumnMapping(
        name: "winemag",
        columns: [.id: "id", .producer: "winery", .wine: "title", .grapes: "variety", .region: "region_1",
                  .subregion: "province", .country: "country", .score: "points", .price: "price"],
        required: [.producer, .wine, .score], wineIsTitle: true, currency: "USD", idPrefix: "wm-")

    /// Vivino: the data export a user downloads (full_wine_list.csv: Winery, Wine name, Vintage,
    /// Average rating, Wine type, Drinking Window …) and the public scrape (Red.csv, White.csv …: Name,
    /// Year, Rating, Price; the colour is the file name). Ratings are stars.
    public static let vivino = ColumnMapping(
        name: "vivino",
        columns: [.producer: "Winery", .wine: "Wine name|Name", .vintage: "Vintage|Year", .region: "Region",
                  .country: "Country", .score: "Average rating|Rating", .price: "Price", .colour: "Wine type",
                  .drinkWindow: "Drinking Window"],
        required: [.producer, .wine], colourFromFileName: true, scoreScale: 20, currency: "EUR", idPrefix: "vivino-")

    /// CellarTracker's export (My Cellar → CSV or tab-separated, the List and Inventory tables):
    /// iWine, Vintage (1001 for NV), Wine (with the producer in front), Producer, Appellation, Region,
    /// Country, Color or Type, Varietal, BeginConsume/EndConsume, the community score CT and critics'
    /// columns, Price or Valuation and Currency. Critics on a 20-point scale (JR, WD …) are not read.
    public static let cellarTracker = ColumnMapping(
        name: "cellartracker",
        columns: [.id: "iWine", .producer: "Producer", .wine: "Wine", .vintage: "Vintage", .region: "Appellation|SubRegion|Region",
                  .subregion: "Region", .country: "Country", .colour: "Color|Type", .grapes: "Varietal|MasterVarietal",
                  .score: "CT|WA|WS|WE|IWC|BH|AG|JS|JG|JH|VM", .price: "Price|Valuation", .currency: "Currency",
                  .drinkFrom: "BeginConsume|Begin", .drinkTo: "EndConsume|End"],
        required: [.producer, .wine, .vintage], wineIsTitle: true, idPrefix: "ct-", detectsTabs: true, nonVintageCodes: ["1001"])

    /// A plain CSV whose header names the fields (producer, wine, vintage, score, drink_from …);
    /// `--map FIELD=COLUMN` renames any of them.
    public static let plain = ColumnMapping(
        name: "csv",
        columns: [.id: "id", .producer: "producer", .wine: "wine|name", .vintage: "vintage|year", .region: "region|appellation",
                  .subregion: "subregion", .country: "country", .colour: "colour|color|type", .grapes: "grapes|grape|variety",
                  .score: "score|points|rating", .price: "price", .currency: "currency", .drinkFrom: "drinkFrom|drink_from|drink from",
                  .drinkTo: "drinkTo|drink_to|drink to", .drinkWindow: "window|drink window"],
        idPrefix: "row-", detectsTabs: true)

    /// The matching benchmark's catalogue.tsv.
    public static let bench = ColumnMapping(
        name: "bench",
        columns: [.id: "id", .producer: "producer", .wine: "wine", .vintage: "vintage", .region: "region",
                  .country: "country", .colour: "colour"],
        idPrefix: "", separator: 0x09)

    public static let presets = [cellarTracker, vivino, wineEnthusiast, plain, bench]

    /// Applies `field=Column` overrides ("producer=Winery"); an empty column removes the field.
    public mutating func override(_ spec: String) throws(CatalogueError) {
        let parts = spec.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let field = Field(rawValue: parts[0]) else {
            throw CatalogueError(file: "--map", "expected FIELD=COLUMN with FIELD one of \(Field.allCases.map(\.rawValue).joined(separator: ", ")), got \"\(spec)\"")
        }
        columns[field] = parts[1].isEmpty ? nil : parts[1]
        if parts[1].isEmpty { required.remove(field) }
    }
}
