/// Text normalization of an entry as printed: the form a reader (and the catalogue matcher) wants,
/// with every token still in place. Kept separate from field extraction so that its two promises
/// can be checked on their own: normalizing twice changes nothing, and digits are only ever
/// touched inside the tokens whose type is known to be numeric (prices and the vintage).
extension FieldParser {
    /// A token of an entry's text and what the parser took it for.
    public enum TokenRole: Sendable, Equatable {
        case word, vintage, price
    }

    /// The tokens of `text` (dot leaders removed) with their roles: the trailing run of prices, the
    /// vintage among the rest (as `parseName` would take it), and words.
    public func roles(_ text: String) -> [(token: String, role: TokenRole)] {
        let tokens = Self.tokens(Self.removeLeaders(text))
        let run = trailingPrices(tokens)
        var roles = tokens.map { ($0, TokenRole.word) }
        for i in run.start..<tokens.count { roles[i].1 = .price }
        if let v = vintageIndex(Array(tokens[..<run.start])) { roles[v].1 = .vintage }
        return roles
    }

    /// The entry's text normalized: leaders dropped, OCR letter-for-digit confusions repaired in
    /// prices and in the vintage ("2O15" → "2015", "5O" → "50"), abbreviations expanded over whole
    /// tokens in the words ("Ch." → "Château", "1er" → "Premier Cru", never inside "Cabernet").
    /// Digits of any other token ("Bin 389", "Cask 23", "20 yr") are left exactly as read.
    public func normalize(_ text: String) -> String {
        var out: [String] = []
        var words: [String] = []
        func flushWords() {
            if !words.isEmpty { out.append(abbreviations.expand(words.joined(separator: " "))) }
            words.removeAll()
        }
        for (token, role) in roles(text) {
            switch role {
            case .word:
                words.append(token)
            case .vintage, .price:
                flushWords()
                out.append(Self.repairedNumber(token))
            }
        }
        flushWords()
        return out.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// Index of the vintage among a name's tokens: the first plausible year (2015, '15, NV) that no
    /// marker before it makes an identifier ("Bin 389", "Cask 23", "Édition 171") and no unit after
    /// it makes a quantity ("20 yr Tawny", "375 ml").
    func vintageIndex(_ tokens: [String]) -> Int? {
        tokens.indices.first { isVintage(at: $0, in: tokens) }
    }

    /// Whether the token at `index` reads as a vintage where it stands (see `vintageIndex`).
    func isVintage(at index: Int, in tokens: [String]) -> Bool {
        guard let v = vintageValue(tokens[index]) else { return false }
        guard v != .nonVintage else { return true }
        let before = index > 0 ? tokens[index - 1].lowercased().trimmingCharacters(in: .punctuationCharacters) : ""
        let rawBefore = index > 0 ? tokens[index - 1].lowercased() : ""
        let after = index + 1 < tokens.count ? tokens[index + 1].lowercased().trimmingCharacters(in: .punctuationCharacters) : ""
        let markers = tokens[index].filter(\.isNumber).count == 4 ? Self.yearIdentifierMarkers : Self.identifierMarkers
        return !markers.contains(before) && !markers.contains(rawBefore) && !Self.nonVintageFollowers.contains(after)
    }
}
