import Catalogue

/// Makes one wine-list page: draws a style, fills it from the catalogue and lays it out.
public struct WineListGenerator: Sendable {
    public var catalogue: Catalogue
    /// Share of entries invented so they are in no catalogue.
    public var fakeRate: Double
    /// The "current" year vintages are drawn back from (fixed, so output never depends on the clock).
    public var year: Int
    /// Font families the page may use.
    public var fonts: [String]
    /// 1 or 2 to force the column count; nil draws it.
    public var columns: Int?
    public var leaders: [LeaderStyle]
    /// A fixed list to print instead of a random draw.
    public var selection: WineSelection?

    public init(catalogue: Catalogue, fakeRate: Double = 0.15, year: Int = 2025, fonts: [String] = FontCatalogue.all,
                columns: Int? = nil, leaders: [LeaderStyle] = LeaderStyle.allCases, selection: WineSelection? = nil) {
        self.selection = selection
        self.leaders = leaders.isEmpty ? [.none] : leaders
        self.catalogue = catalogue
        self.fakeRate = fakeRate
        self.year = year
        self.fonts = fonts
        self.columns = columns
    }

    public func generate(engine: TextEngine, _ rng: inout SeededRandom) -> FlatDocument {
        let style = WineListStyle.random(&rng, fonts: fonts, columns: columns, leaders: leaders)
        let content = WineListContent(catalogue: catalogue, fakes: FakeWineFactory(catalogue: catalogue), style: style,
                                      year: year, fakeRate: fakeRate, selection: selection)
        let rows = content.rows(capacity: Int(Double(WineListComposer.capacity(style: style)) * 1.4), &rng)
        var document = WineListComposer(engine: engine, style: style).compose(rows: rows, year: year)
        document.parameters["fakeRate"] = String(fakeRate)
        return document
    }
}
