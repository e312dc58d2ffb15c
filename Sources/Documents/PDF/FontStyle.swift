/// Bold and italic, read from a font's name.
///
/// poppler's GLib API gives a word's font name, size, colour and underline, not the font descriptor's
/// weight or flags, so the name is what it tells: PostScript names carry the style as a suffix
/// ("Garamond-Bold", "TimesNewRomanPS-BoldItalicMT", "BellMTBold", "TheSeasons-BdIt", "Gilroy-ExtraBold").
/// The name is cut into words at hyphens, commas, underscores and case changes, and the words are looked up,
/// so "Bold" inside "Boldonse" or "It" inside "Italiana" is not taken for a style.
enum FontStyle {
    static let boldWords: Set<String> = ["bold", "bd", "black", "blk", "heavy", "demi", "demibold", "semibold",
                                          "extrabold", "ultrabold", "ultra", "fat", "poster"]
    static let italicWords: Set<String> = ["italic", "it", "ital", "oblique", "obl", "slanted", "kursiv", "inclined"]

    static func style(of fontName: String) -> (bold: Bool, italic: Bool) {
        let words = Set(nameWords(fontName).map { $0.lowercased() })
        return (!words.isDisjoint(with: boldWords), !words.isDisjoint(with: italicWords))
    }

    /// "TimesNewRomanPS-BoldItalicMT" → Times New Roman PS Bold Italic MT.
    static func nameWords(_ name: String) -> [String] {
        var words: [String] = []
        var current = ""
        let characters = Array(name)
        for (i, character) in characters.enumerated() {
            if character == "-" || character == "," || character == "_" || character == " " || character == "+" {
                if !current.isEmpty { words.append(current) }
                current = ""
                continue
            }
            if character.isUppercase, !current.isEmpty {
                let previousIsLower = current.last?.isLowercase ?? false
                let nextIsLower = i + 1 < characters.count && characters[i + 1].isLowercase
                // "Bold|Italic": a capital after a small letter; "MT|Bold": the last capital of a run that a
                // small letter follows starts the next word.
                if previousIsLower || (nextIsLower && (current.last?.isUppercase ?? false)) {
                    words.append(current)
                    current = ""
                }
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
