import RecognizedText

/// Dot leaders between a name and its price, as Tesseract reads them: glued dots, spaced marks, or
/// low-confidence letters made of dots, none of which belongs to the name.
extension WineListParser {
    /// A word Tesseract made of a dot leader: barely recognized, letters only (no digit, no
    /// apostrophe that could start a vintage).
    static func isLeaderGarbage(_ word: RecognizedWord) -> Bool {
        word.confidence < 40 && word.text.contains(where: \.isLetter) && !["NV", "N.V.", "N.V", "MV"].contains(word.text.uppercased())
            && !word.text.contains(where: { $0.isNumber || FieldParser.apostrophes.contains($0) || FieldParser.currencySymbols.contains($0) })
    }

    /// One dot of a spaced leader (". . . .") read as a mark or a letter: "e", ":", "°", "®".
    static func isLeaderMark(_ token: String) -> Bool {
        guard token.count == 1, let c = token.first else { return false }
        return !c.isNumber && !FieldParser.currencySymbols.contains(c) && c != "&" && c != "/"
    }

    /// Leader dots glued to a word ("2019.....", "....Margaux") are no part of it.
    static func withoutLeaderDots(_ word: String) -> String {
        let dots: Set<Character> = [".", "·", "…", "_"]
        var s = Substring(word)
        let trailing = s.reversed().prefix(while: dots.contains).count
        if trailing >= 3 || (trailing >= 1 && s.reversed().prefix(while: dots.contains).contains("…")) { s = s.dropLast(trailing) }
        let leading = s.prefix(while: dots.contains).count
        if leading >= 2 { s = s.dropFirst(leading) }
        return s.allSatisfy { dots.contains($0) || $0 == "-" } ? "" : String(s)
    }
}
