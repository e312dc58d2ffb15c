/// What a restaurant prints on its wine list that is no wine: cocktails, beer, cider, spirits, soft
/// drinks, hot drinks, food. Their sections and their names are left out of the entries.
///
/// Why: a list's last page often offers an aperitif or a beer with a price like any wine's; counted
/// as wines they are entries the catalogue can never match, and a reader looking for wines sees
/// "Aperol 22" among them.
enum NotWine {
    /// Words naming a drink or dish that is no wine, in the list languages Decant reads.
    static let words: Set<String> = [
        "cocktail", "cocktails", "mocktail", "mocktails", "spritz", "aperol", "campari", "negroni", "mojito", "hugo", "bellini",
        "beer", "beers", "bier", "biere", "biere", "bière", "bières", "birra", "birre", "cerveza", "cervezas", "bira", "øl", "lager",
        "ale", "ipa", "pils", "pilsner", "weizen", "weissbier", "stout", "cider", "cidre", "sidra", "spirits", "spirit",
        "spirituosen", "liquor", "liquors", "liqueur", "liqueurs", "likör", "liköre", "whisky", "whiskey", "whiskies", "gin", "gins",
        "vodka", "rum", "tequila", "mezcal", "cognac", "armagnac", "calvados", "grappa", "rakı", "raki", "ouzo", "brandy",
        "schnaps", "tonic", "cola", "limonade", "lemonade", "juice", "juices", "saft", "säfte", "softdrinks", "soft", "drinks",
        "wasser", "water", "waters", "mineralwasser", "coffee", "kaffee", "espresso", "cappuccino", "tea", "tee", "food",
        "snacks", "longdrinks", "shots", "alkoholfrei", "alkoholfreie", "non-alcoholic", "alcohol-free", "sake",
    ]

    /// Words that may stand beside those in a heading ("Soft drinks & water", "Beer and cider").
    static let filler: Set<String> = ["&", "and", "und", "og", "en", "e", "y", "et", "/", "non", "alcoholic", "our", "unsere", "by", "the"]

    static func words(of text: String) -> [String] {
        text.lowercased().split { !$0.isLetter && $0 != "&" && $0 != "-" && $0 != "ø" }.map(String.init)
    }

    /// A short line naming only drinks that are no wine: a section of them.
    static func isHeading(_ text: String) -> Bool {
        let w = words(of: text)
        guard !w.isEmpty, w.count <= 5 else { return false }
        return w.allSatisfy { words.contains($0) || filler.contains($0) } && w.contains(where: words.contains)
    }

    /// A name holding a word for a drink that is no wine ("Aperol Spritz", "Gin Tonic").
    static func isNamed(_ name: String) -> Bool {
        words(of: name).contains(where: words.contains)
    }
}
