import Catalogue

/// Invents plausible wines that are in no catalogue, so that lists test the "no match" answer.
/// Names are built from real naming patterns of each country; a name that happens to equal a
/// catalogue producer is drawn again.
struct FakeWineFactory: Sendable {
    let knownProducers: Set<String>

    init(catalogue: Catalogue) {
        knownProducers = Set(catalogue.wines.map { $0.producer.lowercased() })
    }

    static let frenchSurnames = ["Mercier", "Laurent", "Fontaine", "Berthier", "Roussel", "Delorme", "Vautrin", "Chauvet",
                                 "Marchand", "Perrot", "Gauthier", "Lemoine", "Cordier", "Brunet", "Thibault", "Vernay"]
    static let frenchPlaces = ["des Vignes Hautes", "de la Croix Blanche", "du Moulin Rouge", "des Cailloux", "de Beauregard",
                               "de la Tour Sainte-Anne", "des Trois Chênes", "du Clos Fleuri", "de Montrivet", "des Aubépines"]
    static let italianNames = ["Colle Alto", "Poggio ai Lupi", "San Vittore", "Ca' Rossa", "Monte Ferro", "Le Fornaci",
                               "Villa Selvaggia", "Corte Antica", "Pian delle Querce", "Santa Lucia"]
    static let spanishNames = ["Viña Alcor", "Pago del Cerro", "Finca Las Moras", "Hermanos Ribas", "Valdemoro", "Castillo de Urbe"]
    static let germanSurnames = ["Hoffmann", "Brauer", "Lindner", "Kessler", "Adler", "Steinbach", "Vogel"]
    static let englishSurnames = ["Ashcombe", "Whitlock", "Harrow", "Kingsley", "Callister", "Penrose", "Marlowe", "Tanner",
                                  "Wexford", "Holloway", "Brannigan", "McAllister"]
    static let englishNouns = ["Ridge", "Creek", "Hill", "Valley", "Stone", "Hollow", "Bluff", "Bend", "Crossing", "Terrace"]
    static let englishAdjectives = ["Red", "Black", "Silver", "Iron", "Twin", "Lone", "Wild", "Old", "Cold", "High"]
    static let cuvees = ["Les Vieilles Vignes", "Cuvée Marguerite", "Les Grès", "Clos du Levant", "La Combe", "Cuvée Prestige",
                         "Les Terrasses", "Réserve du Domaine", "Les Perrières Hautes", "Cuvée Élise"]
    static let italianCuvees = ["Riserva", "Vigna Vecchia", "Il Poggio", "Selezione", "Sorì Alto", "Campo al Sole"]
    static let newWorldCuvees = ["Reserve", "Single Vineyard", "Old Vine", "Estate", "Block 7", "Hillside", "The Quarry",
                                 "Gravel Pit", "Founder's Reserve", "Three Rows"]

    /// Regions by colour with their country, for the fake's origin.
    static let origins: [String: [(region: String, appellation: String?, country: String, style: String)]] = [
        "red": [("Burgundy", "Gevrey-Chambertin", "France", "fr"), ("Burgundy", "Pommard", "France", "fr"),
                ("Bordeaux", "Saint-Julien", "France", "chateau"), ("Bordeaux", "Pomerol", "France", "chateau"),
                ("Rhône", "Crozes-Hermitage", "France", "fr"), ("Rhône", "Gigondas", "France", "fr"),
                ("Piedmont", "Barolo", "Italy", "it"), ("Tuscany", "Chianti Classico", "Italy", "it"),
                ("Rioja", nil, "Spain", "es"), ("Ribera del Duero", nil, "Spain", "es"),
                ("Napa Valley", nil, "USA", "nw"), ("Barossa Valley", nil, "Australia", "nw"),
                ("Central Otago", nil, "New Zealand", "nw"), ("Mendoza", nil, "Argentina", "nw")],
        "white": [("Burgundy", "Meursault", "France", "fr"), ("Burgundy", "Chablis", "France", "fr"),
                  ("Loire", "Sancerre", "France", "fr"), ("Alsace", nil, "France", "fr"), ("Mosel", nil, "Germany", "de"),
                  ("Wachau", nil, "Austria", "de"), ("Marlborough", nil, "New Zealand", "nw"),
                  ("Sonoma Coast", nil, "USA", "nw"), ("Adelaide Hills", nil, "Australia", "nw"), ("Friuli", nil, "Italy", "it")],
        "rose": [("Provence", "Côtes de Provence", "France", "chateau"), ("Rhône", "Tavel", "France", "fr"),
                 ("Navarra", nil, "Spain", "es")],
        "sparkling": [("Champagne", nil, "France", "champagne"), ("Franciacorta", nil, "Italy", "it"),
                      ("Sussex", nil, "England", "nw"), ("Tasmania", nil, "Australia", "nw")],
        "sweet": [("Bordeaux", "Sauternes", "France", "chateau"), ("Mosel", nil, "Germany", "de"), ("Tokaj", nil, "Hungary", "nw")],
        "fortified": [("Douro", nil, "Portugal", "port"), ("Jerez", nil, "Spain", "es")],
    ]

    /// One invented wine of a colour (`grapes` filled so grape-first lists can print it).
    func make(colour: String, _ rng: inout SeededRandom) -> Wine {
        let origins = Self.origins[colour] ?? Self.origins["red"] ?? [("Loire", nil, "France", "fr")]
        for _ in 0..<20 {
            let origin = rng.pick(origins)
            let (producer, wine) = name(origin: origin, colour: colour, &rng)
            guard !knownProducers.contains(producer.lowercased()) else { continue }
            return Wine(id: "", producer: producer, wine: wine, region: origin.region, subregion: origin.appellation,
                        country: origin.country, colour: colour, grapes: grapes(colour: colour, region: origin.region, &rng))
        }
        // Twenty collisions in a row only happen with a catalogue built from this very list.
        return Wine(id: "", producer: "Domaine Imaginaire \(rng.int(100...999))", wine: "", region: "Loire", country: "France",
                    colour: colour, grapes: [])
    }

    private func name(origin: (region: String, appellation: String?, country: String, style: String), colour: String,
                      _ rng: inout SeededRandom) -> (String, String) {
        let appellation = origin.appellation
        switch origin.style {
        case "fr":
            let producer = rng.chance(0.6) ? "Domaine \(rng.pick(Self.frenchSurnames))"
                : "\(rng.pick(["Domaine", "Clos", "Maison"])) \(rng.pick(Self.frenchPlaces))"
            let wine = [appellation, rng.chance(0.5) ? rng.pick(Self.cuvees) : nil].compactMap { $0 }.joined(separator: " ")
            return (producer, wine)
        case "chateau":
            let producer = "Château \(rng.pick(["La", "Le", ""])) \(rng.pick(["Tour", "Grave", "Croix", "Roc", "Pavillon", "Bel-Air", "Fleur"])) \(rng.pick(["Saint-Martin", "de Lussac", "Blanche", "du Roy", "Haut-Bois", "de Pressac"]))"
                .split(separator: " ").joined(separator: " ")
            return (producer, colour == "rose" ? "Rosé" : "")
        case "champagne":
            let producer = rng.chance(0.5) ? "\(rng.pick(Self.frenchSurnames))-\(rng.pick(Self.frenchSurnames))"
                : "\(rng.pick(["Pierre", "Jean", "Henri", "Paul"])) \(rng.pick(Self.frenchSurnames)) et Fils"
            return (producer, rng.pick(["Brut Réserve", "Blanc de Blancs", "Extra Brut", "Brut Rosé", "Cuvée Prestige Brut"]))
        case "it":
            let producer = "\(rng.pick(["Tenuta", "Cantina", "Podere", "Fattoria", "Castello di"])) \(rng.pick(Self.italianNames))"
            let wine = [appellation, rng.chance(0.5) ? rng.pick(Self.italianCuvees) : nil].compactMap { $0 }.joined(separator: " ")
            return (producer, wine)
        case "es":
            let producer = "Bodegas \(rng.pick(Self.spanishNames))"
            return (producer, rng.pick(["Crianza", "Reserva", "Gran Reserva", "Selección", "Viñas Viejas"]))
        case "de":
            let grape = grapes(colour: colour, region: origin.region, &rng).first ?? "Riesling"
            let suffixes = grape == "Grüner Veltliner" ? ["Federspiel", "Smaragd", "Alte Reben"] : ["Trocken", "Kabinett", "Spätlese", "Alte Reben"]
            return ("Weingut \(rng.pick(Self.germanSurnames))", "\(grape) \(rng.pick(suffixes))")
        case "port":
            return ("Quinta da \(rng.pick(["Boa Vista", "Serra", "Ribeira", "Costa Alta"]))",
                    rng.pick(["Vintage Port", "10 Year Old Tawny Port", "LBV Port"]))
        default:
            let producer: String
            switch rng.int(0...2) {
            case 0: producer = "\(rng.pick(Self.englishSurnames)) Estate"
            case 1: producer = "\(rng.pick(Self.englishAdjectives)) \(rng.pick(Self.englishNouns)) Wines"
            default: producer = "\(rng.pick(Self.englishSurnames)) Family Vineyards"
            }
            let grape = grapes(colour: colour, region: origin.region, &rng).first ?? "Red Blend"
            return (producer, "\(rng.pick(Self.newWorldCuvees)) \(grape)")
        }
    }

    private func grapes(colour: String, region: String, _ rng: inout SeededRandom) -> [String] {
        switch (colour, region) {
        case ("red", "Burgundy"), ("red", "Central Otago"): return ["Pinot Noir"]
        case ("red", "Bordeaux"): return ["Merlot", "Cabernet Franc"]
        case ("red", "Rhône"): return ["Syrah"]
        case ("red", "Piedmont"): return ["Nebbiolo"]
        case ("red", "Tuscany"): return ["Sangiovese"]
        case ("red", "Rioja"), ("red", "Ribera del Duero"): return ["Tempranillo"]
        case ("red", "Barossa Valley"): return ["Shiraz"]
        case ("red", "Mendoza"): return ["Malbec"]
        case ("red", _): return [rng.pick(["Cabernet Sauvignon", "Zinfandel", "Merlot"])]
        case ("white", "Burgundy"), ("white", "Sonoma Coast"), ("white", "Adelaide Hills"): return ["Chardonnay"]
        case ("white", "Loire"), ("white", "Marlborough"): return ["Sauvignon Blanc"]
        case ("white", "Mosel"), ("white", "Alsace"): return ["Riesling"]
        case ("white", "Wachau"): return ["Grüner Veltliner"]
        case ("white", _): return ["Pinot Grigio"]
        case ("rose", _): return ["Grenache", "Cinsault"]
        case ("sparkling", _): return ["Chardonnay", "Pinot Noir"]
        case ("sweet", _): return [rng.pick(["Sémillon", "Riesling", "Furmint"])]
        default: return ["Touriga Nacional"]
        }
    }
}

