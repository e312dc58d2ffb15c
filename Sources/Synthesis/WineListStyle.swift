/// Everything that makes one restaurant's list look like itself: page, type, naming and price
/// conventions. Drawn once per list so a list is consistent within itself, as real ones are.
struct WineListStyle: Sendable {
    enum Naming: String, Sendable { case producerFirst = "producer-first", grapeFirst = "grape-first" }
    enum RegionPlacement: String, Sendable { case inline, secondLine = "second-line", none }
    enum GlassPrices: String, Sendable { case columns, slash }

    var pageName: String
    var widthMM: Double
    var heightMM: Double
    var margin: Double
    var columns: Int
    var gutter: Double
    var naming: Naming
    var vintageFirst: Bool
    var region: RegionPlacement
    var regionWithCountry: Bool
    var leaders: LeaderStyle
    /// nil: no bin numbers; otherwise the prefix printed before them ("", "#", "Bin ").
    var binPrefix: String?
    var glassPrices: GlassPrices
    /// Column labels over glass prices, right to left order of printing is left to right here.
    var glassHeader: [String]
    var joiner: String
    var price: PriceFormat
    var printing: WinePrinting
    var body: FontSpec
    var detail: FontSpec
    var heading: FontSpec
    var headingUppercase: Bool
    var headingCentered: Bool
    var title: FontSpec
    var subtitle: FontSpec
    /// Line pitch as a multiple of the body size.
    var leading: Double
    /// Extra space between entries, in lines.
    var entryGap: Double
    var paper: RGB
    var restaurant: String
    var subtitleText: String?
    var footer: [String]
    var titleRule: Bool

    static let pages: [(String, Double, Double)] = [
        ("A4", 210, 297), ("US-letter", 215.9, 279.4), ("A5", 148, 210), ("menu-9x12in", 228.6, 304.8), ("legal", 215.9, 355.6),
    ]

    static let restaurants = [
        "The Olive & Vine", "Maison Lumière", "Osteria del Ponte", "Bistro Marguerite", "The Copper Kettle",
        "Harbour Kitchen", "Vinoteca Sole", "The Grain Store", "Le Petit Jardin", "Trattoria da Enzo", "Brasserie Albert",
        "The Salt House", "Fig & Thistle", "Café Rivoli", "The Larder", "Ember & Oak", "Casa Alma", "The Wren",
        "Restaurant Saffron", "Bar Lucca", "Chez Hélène", "The Anchor", "Quay Street Dining Room", "Wild Fennel",
    ]

    static let subtitles = ["Wine List", "Carte des Vins", "The Cellar", "Wines", "Wine & Champagne", "Cellar List"]

    /// Draws a style. `fonts` restricts the families (e.g. the clean set); `columns`/`naming` may be forced.
    static func random(_ rng: inout SeededRandom, fonts: [String], columns forcedColumns: Int?, leaders: [LeaderStyle]) -> WineListStyle {
        let page = rng.pick(weighted: [(pages[0], 4.0), (pages[1], 3.0), (pages[2], 1.5), (pages[3], 1.5), (pages[4], 1.0)])
        let small = page.1 < 160
        let columns = forcedColumns ?? (small ? 1 : (rng.chance(0.35) ? 2 : 1))
        let serif = FontCatalogue.serif.filter(fonts.contains)
        let sans = (FontCatalogue.sans + FontCatalogue.condensed).filter(fonts.contains)
        let bodyPool = rng.chance(0.65) && !serif.isEmpty ? serif : (sans.isEmpty ? fonts : sans)
        let bodyFamily = rng.pick(bodyPool.isEmpty ? fonts : bodyPool)
        let baseSize = columns == 2 ? rng.uniform(8.5, 10.5) : (small ? rng.uniform(8.5, 10) : rng.uniform(9.5, 12.5))
        let ink = rng.pick(weighted: [(RGB.black, 5.0), (RGB(0.18, 0.18, 0.2), 2.0), (RGB(0.1, 0.12, 0.25), 1.0)])
        let accent = rng.pick(weighted: [(ink, 4.0), (RGB(0.45, 0.08, 0.15), 2.0), (RGB(0.1, 0.25, 0.18), 1.0), (RGB(0.55, 0.4, 0.15), 0.7)])
        let headingFamily = rng.chance(0.6) ? bodyFamily : rng.pick(serif.isEmpty ? fonts : serif)
        let headingItalic = rng.chance(0.4)
        let titlePool = fonts.contains("Z003") && rng.chance(0.25) ? ["Z003"] : (serif.isEmpty ? fonts : serif)
        let body = FontSpec(family: bodyFamily, sizePt: baseSize, colour: ink)
        let uppercase = !headingItalic && rng.chance(0.6)
        let heading = FontSpec(family: headingFamily, sizePt: baseSize * rng.uniform(1.15, 1.5), bold: !headingItalic || rng.chance(0.3),
                               italic: headingItalic, letterSpacingPt: uppercase && rng.chance(0.5) ? rng.uniform(0.5, 1.5) : 0,
                               colour: accent)
        let titleFamily = rng.pick(titlePool)
        let title = FontSpec(family: titleFamily, sizePt: baseSize * rng.uniform(2.0, 2.8), bold: titleFamily != "Z003" && rng.chance(0.5),
                             colour: accent)
        let naming: Naming = rng.chance(0.3) ? .grapeFirst : .producerFirst
        let region: RegionPlacement = rng.pick(weighted: [(.inline, 3.0), (.secondLine, 2.0), (.none, 1.5)])
        let glassHeader = rng.pick([["Glass", "Bottle"], ["Glass", "Bottle"], ["Gls", "Btl"], ["150ml", "Bottle"], ["175ml", "Btl"],
                                    ["Glass", "Carafe", "Bottle"]])
        let paper = rng.pick(weighted: [(RGB(1, 1, 1), 4.0), (RGB(0.98, 0.96, 0.9), 2.0), (RGB(0.96, 0.95, 0.93), 1.0)])
        let price = PriceFormat.random(&rng)
        var footer: [String] = []
        if rng.chance(0.5) {
            footer.append(rng.pick(["Vintages and prices subject to change.", "Please ask your sommelier for pairings.",
                                    "All prices include GST.", "All prices are inclusive of VAT.",
                                    "Wines by the glass are served in 150ml measures.",
                                    "Please inform us of any allergies before ordering."]))
        }
        return WineListStyle(
            pageName: page.0, widthMM: page.1, heightMM: page.2, margin: small ? rng.uniform(11, 15) : rng.uniform(14, 24),
            columns: columns, gutter: rng.uniform(8, 14), naming: naming, vintageFirst: rng.chance(0.2), region: region,
            regionWithCountry: rng.chance(0.4), leaders: rng.pick(weighted: [(.none, 3.0), (.dots, 1.2), (.spacedDots, 0.8)].filter { leaders.contains($0.0) }),
            binPrefix: rng.chance(0.3) ? rng.pick(["", "", "#", "Bin "]) : nil,
            glassPrices: rng.chance(columns == 2 ? 0.3 : 0.65) ? .columns : .slash, glassHeader: glassHeader,
            joiner: rng.pick(weighted: [(", ", 5.0), (" ", 2.0), (" – ", 1.0)]), price: price, printing: .random(&rng),
            body: body, detail: body.with(size: baseSize * rng.uniform(0.8, 0.92), italic: rng.chance(0.75)),
            heading: heading, headingUppercase: uppercase, headingCentered: rng.chance(0.5), title: title,
            subtitle: body.with(size: baseSize * 1.25, italic: rng.chance(0.6), colour: accent),
            leading: rng.uniform(1.25, 1.5), entryGap: rng.pick([0, 0, 0.15, 0.3, 0.5]), paper: paper,
            restaurant: rng.pick(restaurants), subtitleText: rng.chance(0.7) ? rng.pick(subtitles) : nil,
            footer: footer, titleRule: rng.chance(0.4))
    }
}
