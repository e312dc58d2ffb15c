import Catalogue
import Entries
import Evaluation
import Foundation

/// Draws a list's content from a catalogue: sections, wines (about `fakeRate` of them invented),
/// vintages, sizes and prices, printed in the list's style.
struct WineListContent {
    var catalogue: Catalogue
    var fakes: FakeWineFactory
    var style: WineListStyle
    var year: Int
    var fakeRate: Double
    /// When set, exactly these wines are printed (see `WineSelection`).
    var selection: WineSelection? = nil

    /// Rows for a list of roughly `capacity` entries (the composer stops when the page is full).
    func rows(capacity: Int, _ rng: inout SeededRandom) -> [DraftRow] {
        if let selection { return rows(selection: selection, &rng) }
        var sections = WineListSection.allCases.filter { rng.chance($0.presence) }
        if sections.isEmpty { sections = [.white, .red] }
        let totalWeight = sections.reduce(0) { $0 + $1.weight }
        var used = Set<String>()
        var rows: [DraftRow] = []
        var bin = rng.int(100...400)
        for section in sections {
            let share = Double(capacity) * section.weight / totalWeight
            let count = max(2, Int((share * rng.uniform(0.9, 1.3)).rounded()))
            var heading = rng.pick(section.headings)
            if style.headingUppercase { heading = heading.uppercased() }
            rows.append(.heading(style.printing.plain(heading)))
            let printedHeading = style.printing.plain(heading)
            let columns: [PriceColumn]
            if section == .byTheGlass {
                columns = style.glassHeader.count == 3 ? [.glass, .carafe, .bottle] : [.glass, .bottle]
                if style.glassPrices == .columns {
                    rows.append(.columnHeader(style.glassHeader))
                } else if rng.chance(0.5) {
                    rows.append(.columnHeader([style.glassHeader.joined(separator: " / ")]))
                }
            } else {
                columns = [.bottle]
            }
            var drafts: [EntryDraft] = []
            for _ in 0..<count {
                let colour = rng.pick(section.colours)
                let wine = pickWine(colour: colour, used: &used, &rng)
                let draft = entry(wine: wine.wine, inCatalogue: wine.inCatalogue, section: section, heading: printedHeading,
                                  columns: columns, &rng)
                drafts.append(draft)
            }
            if section == .byTheGlass {
                let order = ["sparkling", "white", "rose", "red", "sweet", "fortified"]
                drafts.sort { (order.firstIndex(of: $0.truth.colour ?? "") ?? 9) < (order.firstIndex(of: $1.truth.colour ?? "") ?? 9) }
            }
            for var draft in drafts {
                if let prefix = style.binPrefix {
                    bin += rng.int(1...6)
                    draft.bin = prefix + String(bin)
                    draft.truth.bin = String(bin)
                }
                rows.append(.entry(draft))
            }
        }
        return rows
    }

    private func pickWine(colour: String, used: inout Set<String>, _ rng: inout SeededRandom) -> (wine: Wine, inCatalogue: Bool) {
        let candidates = catalogue.wines.filter { ($0.colour ?? "") == colour && !used.contains($0.id) }
        if rng.chance(fakeRate) || candidates.isEmpty {
            return (fakes.make(colour: colour, &rng), false)
        }
        let wine = rng.pick(candidates)
        used.insert(wine.id)
        return (wine, true)
    }

    private func vintage(for wine: Wine, _ rng: inout SeededRandom) -> Vintage {
        if let v = wine.vintage { return v }
        let name = (wine.producer + " " + wine.wine).lowercased()
        if ["tawny", "fino", "madeira", "muscat", "pedro ximénez"].contains(where: name.contains) {
            return .nonVintage
        }
        switch wine.colour ?? "red" {
        case "sparkling":
            if rng.chance(0.6) && !["cristal", "comtes", "dom pérignon"].contains(where: name.contains) { return .nonVintage }
            return .year(year - rng.int(5...14))
        case "white", "rose": return .year(year - rng.int(1...(wine.colour == "rose" ? 2 : 8)))
        case "sweet": return .year(year - rng.int(3...25))
        case "fortified": return name.contains("port") ? .year(year - rng.int(8...40)) : .nonVintage
        default:
            let age = rng.chance(0.7) ? rng.int(2...9) : rng.int(10...30)
            return .year(year - age)
        }
    }

    /// A bottle price for the wine (menu prices: log-normal around $90, famous names far above).
    private func bottlePrice(_ wine: Wine, _ rng: inout SeededRandom) -> Double {
        if let release = wine.releasePrice { return (release * rng.uniform(2.2, 3.2)).rounded() }
        let prestige = ["Pétrus", "Domaine de la Romanée-Conti", "Château Latour", "Château Margaux", "Château Lafite Rothschild",
                        "Château Mouton Rothschild", "Château Haut-Brion", "Château Cheval Blanc", "Krug", "Louis Roederer",
                        "Giacomo Conterno", "Château d'Yquem", "Penfolds", "Henschke", "Vega Sicilia", "Château Rayas",
                        "Domaine Jean-Louis Chave", "Egon Müller", "Domaine Leflaive", "Domaine Armand Rousseau"]
        var median = ["sweet", "fortified"].contains(wine.colour ?? "") ? 60.0 : 85.0
        if prestige.contains(wine.producer) && !(wine.wine.contains("Bin") || wine.wine.contains("Yattarna")) { median = 650 }
        let price = median * exp(rng.gaussian() * 0.45)
        return max(32, (price / 2).rounded() * 2)
    }

    private func roundPrice(_ value: Double, _ rng: inout SeededRandom) -> Double {
        if style.price.decimals == 0 { return max(1, value.rounded()) }
        return max(1, (value * 2).rounded() / 2)
    }

    private func entry(wine: Wine, inCatalogue: Bool, section: WineListSection, heading: String, columns: [PriceColumn],
                       fixedVintage: Vintage? = nil, fixedPrice: Double? = nil, _ rng: inout SeededRandom) -> EntryDraft {
        let printing = style.printing
        let drawnVintage = vintage(for: wine, &rng)
        let vintage = fixedVintage ?? drawnVintage
        var size: Int?
        var sizeText: String?
        switch section {
        case .halfBottles:
            size = 375
            sizeText = rng.pick(["375ml", "375ml", "37.5cl", "375 ml", "(375ml)"])
        case .largeFormats:
            size = rng.chance(0.8) ? 1500 : 3000
            sizeText = size == 1500 ? rng.pick(["Magnum", "1.5L", "(Magnum)", "1.5 L"]) : rng.pick(["Jeroboam", "3L", "Jeroboam 3L"])
        case .dessert where wine.colour == "sweet" && rng.chance(0.5):
            size = 375
            sizeText = rng.pick(["375ml", "(375ml)"])
        default: break
        }
        // Name.
        let producer = printing.abbreviate(wine.producer, &rng)
        var label = printing.abbreviate(wine.wine, &rng)
        var core: String
        if style.naming == .grapeFirst, wine.grapes.count == 1, let grape = wine.grapes.first {
            label = WinePrinting.replaceWhole(grape, with: "", in: wine.wine).split(separator: " ").joined(separator: " ")
            label = printing.abbreviate(label, &rng)
            let printedGrape = printing.abbreviate(grape, &rng)
            core = label.isEmpty ? "\(printedGrape), \(producer)" : "\(printedGrape), \(producer) \(label)"
        } else {
            core = label.isEmpty ? producer : producer + style.joiner + label
        }
        var regionText: String?
        if let region = wine.region {
            var place = region
            if let sub = wine.subregion, !wine.wine.contains(sub), sub != "California", sub != "Oregon" { place = sub }
            if wine.wine.contains(place) { place = region }
            if !wine.wine.contains(place) {
                regionText = style.regionWithCountry ? [place, wine.country].compactMap { $0 }.joined(separator: ", ") : place
            } else if style.regionWithCountry, let country = wine.country {
                regionText = country
            }
        }
        if style.region == .inline, let regionText { core += ", " + printing.plain(regionText) }
        let printedVintage = printing.vintage(vintage)
        core = style.vintageFirst ? "\(printedVintage) \(core)" : "\(core) \(printedVintage)"
        if let sizeText { core += " " + sizeText }
        let detail = style.region == .secondLine ? regionText.map(printing.plain) : nil

        // Prices.
        var bottle = bottlePrice(wine, &rng)
        if let fixedPrice { bottle = fixedPrice }
        if section == .byTheGlass { bottle = min(bottle, (rng.uniform(48, 120) / 2).rounded() * 2) }
        if size == 375 { bottle = roundPrice(bottle * 0.55, &rng) }
        if size == 1500 { bottle = roundPrice(bottle * 2.2, &rng) }
        if size == 3000 { bottle = roundPrice(bottle * 4.6, &rng) }
        if style.price.decimals > 0 && rng.chance(0.3) { bottle += 0.5 }
        var amounts: [Double] = []
        for column in columns {
            switch column {
            case .glass: amounts.append(roundPrice(bottle / rng.uniform(3.8, 4.6), &rng))
            case .carafe: amounts.append(roundPrice(bottle / rng.uniform(1.5, 1.7), &rng))
            default: amounts.append(bottle)
            }
        }
        let symbol = style.price.printedCurrency
        let prices = zip(amounts, columns).map { Price(amount: $0, column: $1, currency: symbol) }
        let printed: [String]
        if section == .byTheGlass && style.glassPrices == .slash {
            printed = [amounts.map(style.price.format).joined(separator: " / ")]
        } else {
            printed = amounts.map(style.price.format)
        }
        let truth = GroundTruth.Entry(
            text: "", producer: wine.producer, wine: wine.wine.isEmpty ? nil : wine.wine, region: wine.subregion ?? wine.region,
            country: wine.country, grapes: wine.grapes.isEmpty ? nil : wine.grapes, vintage: vintage, prices: prices,
            currency: symbol, bottleSizeML: size ?? 750, bin: nil, section: heading, colour: wine.colour,
            catalogueID: inCatalogue ? wine.id : nil)
        return EntryDraft(bin: nil, name: core, detail: detail, prices: printed, truth: truth)
    }

    /// A fixed list: the selection's wines under their colours' sections, in the file's order.
    /// Each wine's own draws (abbreviations, region style) come from a stream keyed by its id, so
    /// removing one wine does not change how the others are printed.
    private func rows(selection: WineSelection, _ rng: inout SeededRandom) -> [DraftRow] {
        let base = rng.next()
        let byID = Dictionary(catalogue.wines.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let order: [WineListSection] = [.sparkling, .white, .rose, .red, .dessert]
        var rows: [DraftRow] = []
        var bin = 100
        for section in order {
            let items = selection.wines.filter { byID[$0.id].map { Self.section(forColour: $0.colour) } == section }
            guard !items.isEmpty else { continue }
            var headingRng = SeededRandom(seed: base, stream: UInt64(order.firstIndex(of: section)!))
            var heading = headingRng.pick(section.headings)
            if style.headingUppercase { heading = heading.uppercased() }
            let printedHeading = style.printing.plain(heading)
            rows.append(.heading(printedHeading))
            for item in items {
                guard let wine = byID[item.id] else { continue }
                var wineRng = SeededRandom(seed: base, stream: Self.stableHash(item.id))
                var draft = entry(wine: wine, inCatalogue: true, section: section, heading: printedHeading, columns: [.bottle],
                                  fixedVintage: item.vintage, fixedPrice: item.price, &wineRng)
                if let prefix = style.binPrefix {
                    bin += 1
                    draft.bin = prefix + String(bin)
                    draft.truth.bin = String(bin)
                }
                rows.append(.entry(draft))
            }
        }
        return rows
    }

    static func section(forColour colour: String?) -> WineListSection {
        switch colour {
        case "sparkling": return .sparkling
        case "white": return .white
        case "rose": return .rose
        case "sweet", "fortified": return .dessert
        default: return .red
        }
    }

    /// FNV-1a: a stream number per wine id that does not depend on the process (unlike `hashValue`).
    static func stableHash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }
}
