/// Headings that open a section of a wine list, and the colour each implies.
public enum SectionVocabulary {
    static let colours: [(words: [String], colour: String?)] = [
        (["sparkling", "champagne", "champagnes", "bubbles", "fizz", "crémant", "cremant", "prosecco", "cava"], "sparkling"),
        (["white", "whites", "blanc", "blancs", "bianco", "bianchi", "weiss"], "white"),
        (["rosé", "rose", "rosés", "roses", "rosado", "rosato", "pink"], "rose"),
        (["red", "reds", "rouge", "rouges", "rosso", "rossi", "tinto", "tintos"], "red"),
        (["dessert", "sweet", "stickies", "sauternes", "tokaji"], "sweet"),
        (["fortified", "port", "ports", "sherry", "madeira"], "fortified"),
        (["glass", "glasses", "half", "halves", "large", "formats", "magnums", "coravin", "cellar", "list", "wines",
          "wine", "by", "the", "bottles", "orange", "natural", "reserve", "selection", "&", "and", "of"], nil),
    ]

    /// The colour for a heading's words, or nil when the heading names no colour (By the glass).
    public static func colour(for heading: String) -> String? {
        let words = heading.lowercased().split { !$0.isLetter }.map(String.init)
        for word in words {
            for group in colours where group.colour != nil && group.words.contains(word) { return group.colour }
        }
        return nil
    }

    /// True when every word of a short line belongs to the heading vocabulary.
    public static func isHeading(_ text: String) -> Bool {
        let words = text.lowercased().split { !$0.isLetter && $0 != "&" }.map(String.init)
        guard !words.isEmpty, words.count <= 5 else { return false }
        let all = Set(colours.flatMap(\.words))
        return words.allSatisfy(all.contains) && words.contains { w in colours.dropLast().contains { $0.words.contains(w) } || ["glass", "half", "halves", "large", "formats", "magnums"].contains(w) }
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
        let words = text.lowercased().split(whereSeparator: \.isWhitespace).map { $0.trimmingCharacters(in: .punctuationCharacters) }
        guard !words.isEmpty, words.count <= 6 else { return nil }
        var columns: [PriceColumn] = []
        var i = 0
        while i < words.count {
            let w = words[i]
            switch w {
            case "glass", "gls", "gl", "verre", "bicchiere", "copa", "125ml", "150ml", "175ml", "6oz", "5oz", "250ml":
                columns.append(.glass)
            case "9oz", "carafe", "500ml", "pichet", "caraffa":
                columns.append(.carafe)
            case "half", "1/2", "½", "375ml", "demi":
                if i + 1 < words.count, ["bottle", "btl", "bt"].contains(words[i + 1]) { i += 1 }
                columns.append(.halfBottle)
            case "bottle", "btl", "bt", "bouteille", "bottiglia", "botella", "750ml":
                columns.append(.bottle)
            case "magnum", "mag", "1.5l":
                columns.append(.magnum)
            default:
                return nil
            }
            i += 1
        }
        return columns.isEmpty ? nil : columns
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
