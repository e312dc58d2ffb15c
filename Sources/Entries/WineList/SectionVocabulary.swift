/// Headings that open a section of a wine list, and the colour each implies.
public enum SectionVocabulary {
    static let colours: [(words: [String], colour: WineColour?)] = [
        (["sparkling", "champagne", "champagnes", "bubbles", "fizz", "crémant", "cremant", "prosecco", "cava",
          "schaumwein", "schaumweine", "sekt", "mousserend", "mousserende", "espumoso", "espumosos", "espumante", "espumantes",
          "bollicine", "spumante", "spumanti", "frizzante", "frizzanti", "köpüklü", "köpüren", "kopuklu", "kopuren", "sparklings",
          "mousseux", "bulles"], .sparkling),
        (["white", "whites", "blanc", "blancs", "bianco", "bianchi", "weiss",
          "weißwein", "weisswein", "weißweine", "weissweine", "wit", "witte", "hvidvin", "hvidvine", "blanco", "blancos", "beyaz",
          "bianca", "branco", "brancos", "hvid"], .white),
        (["rosé", "rose", "rosés", "roses", "rosado", "rosato", "pink",
          "roséwein", "roseweine", "roze", "rosévin", "rosevin", "rosati", "rosados"], .rose),
        (["red", "reds", "rouge", "rouges", "rosso", "rossi", "tinto", "tintos",
          "rotwein", "rotweine", "rood", "rode", "rødvin", "rødvine", "rodvin", "kırmızı", "kirmizi", "tinta"], .red),
        (["dessert", "sweet", "stickies", "sauternes", "tokaji",
          "dessertwein", "dessertweine", "dessertvin", "dulce", "dulces", "dolce", "dolci", "tatlı", "tatli", "süßwein"], .sweet),
        (["fortified", "port", "ports", "sherry", "madeira"], .fortified),
        (["glass", "glasses", "half", "halves", "large", "format", "formats", "magnums", "coravin", "cellar", "list", "wines",
          "wine", "by", "the", "bottle", "bottles", "orange", "natural", "reserve", "selection", "&", "and", "of", "aperitif",
          "aperitifs", "digestif", "digestifs", "carafe", "carafes", "skin", "contact", "library", "collection", "rare",
          "fine", "house", "our", "old", "new", "world", "vins", "vini", "vinos", "weine", "au", "verre", "calice",
          "wein", "wijn", "wijnen", "vin", "vine", "vino", "şaraplar", "saraplar", "glas", "copa", "bicchiere", "offene", "per",
          "al", "por", "la", "de", "du", "par", "og", "en", "und", "y", "e"], nil),
    ]

    /// The colour for a heading's words, or nil when the heading names no colour (By the glass).
    public static func colour(for heading: String) -> WineColour? {
        let words = heading.lowercased().split { !$0.isLetter }.map(String.init)
        for word in words {
            for group in colours where group.colour != nil && group.words.contains(word) { return group.colour }
        }
        return nil
    }

    /// Words that make a line of heading vocabulary a section of its own (not "Wine List").
    static let coreWords: Set<String> = ["glass", "glasses", "half", "halves", "large", "format", "formats", "magnums", "bottle",
                                         "carafe", "carafes", "aperitif", "aperitifs", "digestif", "digestifs", "orange",
                                         "natural", "coravin", "library", "verre", "calice"]

    /// True when every word of a short line belongs to the heading vocabulary.
    public static func isHeading(_ text: String) -> Bool {
        let words = text.lowercased().split { !$0.isLetter && $0 != "&" }.map(String.init)
        guard !words.isEmpty, words.count <= 5 else { return false }
        let all = Set(colours.flatMap(\.words))
        return words.allSatisfy(all.contains) && words.contains { w in colours.dropLast().contains { $0.words.contains(w) } || coreWords.contains(w) }
    }

    /// Words that make up page furniture rather than wines ("Page 2", "Tel. 555 0101").
    static let furnitureWords: Set<String> = ["page", "p", "pg", "tel", "phone", "fax", "www", "continued", "cont",
                                              "over", "see", "overleaf", "of"]

    /// True when a would-be entry's name is nothing but page furniture.
    public static func isFurniture(name: String) -> Bool {
        let words = name.lowercased().split { !$0.isLetter }.map(String.init)
        return !words.isEmpty && words.allSatisfy(furnitureWords.contains)
    }

    /// Column meanings from a header row such as "Glass  Bottle" or "6oz 9oz Btl".
    public static func priceColumns(_ text: String) -> [PriceColumn]? {
        priceColumnLabels(text.split(whereSeparator: \.isWhitespace).map(String.init))?.map(\.column)
    }

    /// Column meanings of a header row and the words each label spans ("Half Bottle" is one label).
    public static func priceColumnLabels(_ tokens: [String]) -> [(column: PriceColumn, words: ClosedRange<Int>)]? {
        let words = tokens.map { $0.lowercased().trimmingCharacters(in: .punctuationCharacters) }
        guard !words.isEmpty, words.count <= 6 else { return nil }
        var columns: [(column: PriceColumn, words: ClosedRange<Int>)] = []
        var i = 0
        while i < words.count {
            let start = i
            let w = words[i]
            switch w {
            case "glass", "gls", "gl", "verre", "bicchiere", "calice", "copa", "125ml", "150ml", "175ml", "250ml", "6oz", "5oz", "8oz",
                 "glas", "kadeh", "coupe", "taça", "taca":
                columns.append((.glass, start...i))
            case "9oz", "carafe", "500ml", "pichet", "caraffa", "quartino", "decanter", "karaf", "karaffe", "jarra":
                columns.append((.carafe, start...i))
            case "half", "1/2", "½", "375ml", "demi", "split", "piccolo":
                if i + 1 < words.count, ["bottle", "btl", "bt", "bouteille"].contains(words[i + 1]) { i += 1 }
                columns.append((.halfBottle, start...i))
            case "bottle", "btl", "bt", "bouteille", "bottiglia", "botella", "750ml", "fles", "flasche", "fl", "flaske", "şişe", "sise",
                 "garrafa":
                columns.append((.bottle, start...i))
            case "magnum", "mag", "1.5l", "1500ml":
                columns.append((.magnum, start...i))
            case "":
                break
            default:
                // A measure names its column by its size: "75cl", "0,1 l", "37,5 cl", "1.5l".
                let pieces = Array(words[i...].prefix(2))
                guard let size = FieldParser.bottleSize(pieces, at: 0) else { return nil }
                i += size.used - 1
                columns.append((LabelledPrices.column(ml: size.ml), start...i))
            }
            i += 1
        }
        return columns.isEmpty ? nil : columns
    }

    /// Words of the notes restaurants print around a list: prices and taxes, service, allergies,
    /// asking the staff. Two of them in a line without a price make it a note, not a wine.
    static let noticeWords: Set<String> = [
        "prices", "price", "subject", "change", "changes", "include", "includes", "included", "inclusive", "including",
        "vat", "gst", "tax", "taxes", "service", "charge", "gratuity", "allergies", "allergy", "allergens", "please",
        "ask", "server", "servers", "sommelier", "pairings", "pairing", "served", "measures", "inform", "ordering",
        "available", "request", "corkage", "vintages", "vary", "may", "availability", "staff", "discretionary",
    ]

    /// True for a restaurant's note ("Vintages and prices subject to change.", "Please ask your server").
    public static func isNotice(_ text: String) -> Bool {
        let words = Set(text.lowercased().split { !$0.isLetter }.map(String.init))
        return words.intersection(noticeWords).count >= 2 || hasWebOrMailAddress(text)
    }

    /// A web or e-mail address marks the restaurant's address and contact line, never a wine; its
    /// house number, postcode and telephone would otherwise read as prices.
    static func hasWebOrMailAddress(_ text: String) -> Bool {
        text.split(whereSeparator: \.isWhitespace).contains { token in
            let t = token.lowercased()
            if t.hasPrefix("www.") || t.hasPrefix("http://") || t.hasPrefix("https://") { return true }
            guard let at = t.firstIndex(of: "@"), at != t.startIndex else { return false }
            let domain = t[t.index(after: at)...]
            return domain.contains(".") && domain.first?.isLetter == true
        }
    }
}

extension String {
    func trimmingCharacters(in set: Set<Character>) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s = s.dropFirst() }
        while let l = s.last, set.contains(l) { s = s.dropLast() }
        return String(s)
    }
}
