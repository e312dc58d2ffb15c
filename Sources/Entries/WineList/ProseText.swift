/// Tells a tasting note or a description ("Crisp and fresh with limey fruit") from a wine's name
/// or its region line ("Ladera Verde Sauvignon Blanc, Chile", "Valle de Ica").
///
/// Why: names are set as names, most words capitalised (a producer, a place, a grape), and only
/// particles (de, di, del, von) in lower case; a note is a sentence, most of its words in lower case.
/// A list that prints a note under each wine otherwise gives entries whose text is mostly the note,
/// which neither a reader nor the catalogue can match. German capitalises its nouns, so a German
/// note may pass for a name; it then stays in the entry's details, as before.
enum ProseText {
    /// Least number of words of four letters or more for a row to be taken for a sentence: the
    /// particles of names (de, la, di, del, von, sur) are shorter, and so are a sentence's (and,
    /// of, the), which say nothing either way.
    static let minimumWords = 4
    static let wordLetters = 4
    /// Least share of those words starting in lower case.
    static let lowercaseShare = 0.5

    /// True when the tokens read as a sentence: four words of four letters or more, at least half
    /// of them starting in lower case, or a full stop inside or at the end with at least a third in
    /// lower case.
    static func isProse(_ tokens: [String]) -> Bool {
        let words = tokens.filter { $0.filter(\.isLetter).count >= wordLetters }
        guard words.count >= minimumWords else { return false }
        let lower = words.filter { $0.first(where: \.isLetter)?.isLowercase == true }.count
        let share = Double(lower) / Double(words.count)
        if share >= lowercaseShare { return true }
        let sentenceEnd = tokens.dropLast().contains { $0.count > 3 && $0.hasSuffix(".") } || (tokens.last?.hasSuffix(".") ?? false)
        return sentenceEnd && share >= 1.0 / 3.0
    }
}
