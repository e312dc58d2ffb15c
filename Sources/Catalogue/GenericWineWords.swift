/// Words whose presence says little about which wine is meant. Rarity (idf) already lowers common
/// words, but a small catalogue cannot know that "Domaine" or "Reserve" are generic, and a list often
/// drops them ("Leflaive Puligny" for "Domaine Leflaive …"), so their weight is cut explicitly.
enum GenericWineWords {
    /// Producer-type words: "Domaine Leflaive" and "Leflaive" name the same producer on a list.
    static let producerWords: Set<String> = [
        "domaine", "domaines", "chateau", "chateaux", "maison", "clos", "weingut", "bodegas", "bodega", "tenuta",
        "cantina", "cantine", "azienda", "agricola", "fattoria", "poderi", "podere", "castello", "cellars", "cellar",
        "winery", "wineries", "vineyards", "wines", "estate", "estates", "family", "vinedos", "celler", "dominio",
        "quinta", "herdade", "schloss", "weinbau", "company", "co", "cie", "fils", "freres", "pere", "et", "sons",
        "brothers", "vignerons", "cave", "caves", "champagne", "mas", "tenute", "casa", "vini", "vino", "wine",
    ]
    /// Style and quality words shared by thousands of labels.
    static let styleWords: Set<String> = [
        "red", "white", "rose", "blanc", "rouge", "rosso", "bianco", "tinto", "reserve", "reserva", "riserva",
        "grand", "grande", "gran", "premier", "cru", "crus", "classico", "superiore", "old", "vines", "vieilles",
        "vignes", "special", "selection", "private", "single", "vineyard", "proprietary", "blend", "cuvee", "brut",
        "sec", "dry", "trocken", "vin", "de", "table", "doc", "docg", "igt", "aoc", "aop", "dop",
    ]
    /// Particles: nearly free to drop or add.
    static let particles: Set<String> = [
        "de", "du", "des", "la", "le", "les", "l", "d", "di", "del", "della", "dei", "degli", "da", "dal", "y", "e",
        "et", "and", "the", "of", "von", "van", "der", "den", "am", "im", "zu", "en", "a", "au", "aux", "sur", "sous",
    ]
    /// Words about the bottle or the list, not the wine: ignored unless a label really holds them.
    static let noiseWords: Set<String> = [
        "btl", "btls", "bottle", "bottles", "glass", "gls", "btg", "carafe", "magnum", "magnums", "mag", "ml", "cl",
        "half", "bin", "no", "nr", "n", "v", "nv", "mv", "ltr", "litre", "liter", "l", "jeroboam", "each", "per",
        "price", "market", "mp",
    ]

    /// The multiplier on a token's rarity weight.
    static func multiplier(_ token: String) -> Float {
        if particles.contains(token) { return 0.15 }
        if producerWords.contains(token) { return 0.3 }
        if styleWords.contains(token) { return 0.5 }
        return 1
    }
}
