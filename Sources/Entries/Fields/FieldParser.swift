import Foundation

/// The fields one entry's text yields once prices, vintage, size and bin are taken out.
public struct ParsedFields: Sendable, Equatable {
    public var name: String
    public var vintage: Vintage?
    public var prices: [Price]
    public var currency: String?
    public var bottleSizeML: Int?
    public var bin: String?
}

/// Reads the fields of an entry's text. Works on whitespace tokens so that a digit run is only a
/// price or a vintage when its whole token and its neighbours say so.
public struct FieldParser: Sendable {
    public var abbreviations: AbbreviationTable
    /// Two-digit vintages ('15) pivot around this year: years up to it + 1 are 20xx, later ones 19xx.
    public var runYear: Int

    public init(abbreviations: AbbreviationTable = .builtIn, runYear: Int = FieldParser.currentYear) {
        self.abbreviations = abbreviations
        self.runYear = runYear
    }

    public static var currentYear: Int { Calendar(identifier: .gregorian).component(.year, from: Date()) }

    static let currencySymbols: Set<Character> = ["$", "€", "£", "¥", "₺"]
    /// Marks before a two-digit vintage ('15, ’15), with the quotes OCR reads them as.
    static let apostrophes: Set<Character> = ["'", "’", "‘", "`", "´", "′", "\"", "“", "”", "°", "*", "-", "~"]
    /// Currency written as a word or code beside the amount.
    static let currencyWords: [String: String] = ["EUR": "€", "USD": "$", "GBP": "£", "AUD": "$", "NZD": "$", "CAD": "$",
                                                  "CHF": "CHF", "US$": "$", "A$": "$", "DKK": "kr", "SEK": "kr", "NOK": "kr",
                                                  "KR": "kr", "KR.": "kr", ",-KR": "kr", "TL": "₺", "TRY": "₺", "YTL": "₺"]

    /// Letters OCR reads in place of digits, repaired only where a number is expected (a price or
    /// a vintage) and only in a token that already holds at least two real digits: "2O15", "5O", "l25".
    static let digitConfusions: [Character: Character] = ["O": "0", "o": "0", "D": "0", "l": "1", "I": "1", "|": "1",
                                                          "i": "1", "S": "5", "s": "5", "B": "8", "Z": "2", "z": "2"]

    static func repairedNumber(_ token: String) -> String {
        // A currency sign says the token is an amount: one real digit is then evidence enough ("l1Z€").
        let hasCurrency = token.first.map(currencySymbols.contains) == true || token.last.map(currencySymbols.contains) == true
        guard token.filter(\.isNumber).count >= (hasCurrency ? 1 : 2), token.contains(where: { digitConfusions[$0] != nil }) else { return token }
        let symbols = token.prefix { currencySymbols.contains($0) }
        let core = token.dropFirst(symbols.count)
        // A leading S is more often a dollar sign than a five: left alone.
        guard let first = core.first, first.isNumber || (digitConfusions[first] != nil && first != "S" && first != "s") else { return token }
        return String(symbols) + String(core.map { digitConfusions[$0] ?? $0 })
    }
    /// Words after a number that make it anything but a vintage (20 yr Tawny, 375 ml).
    static let nonVintageFollowers: Set<String> = ["yr", "yrs", "year", "years", "yo", "ml", "cl", "l", "tawny", "ans", "anni", "jahre"]
    /// Words before a number that make it an identifier (Bin 389, Cask 23, Édition 171).
    static let identifierMarkers: Set<String> = ["bin", "cask", "édition", "edition", "lot", "no", "nº", "n°", "#", "clone", "batch", "blend", "release", "parcel", "block"]
    /// The markers that make even a plausible year an identifier ("Bin 2015"); after the others a
    /// year is still the vintage ("The Chocolate Block 2022", "Lot 2019").
    static let yearIdentifierMarkers: Set<String> = ["bin", "cask", "édition", "edition", "no", "nº", "n°", "#"]

    public func parse(_ text: String, columns: [PriceColumn] = []) -> ParsedFields {
        let tokens = Self.tokens(Self.removeLeaders(text))
        let run = trailingPrices(tokens)
        var fields = parseName(Array(tokens[..<run.start]))
        fields.prices = PriceColumns.assign(run.prices, header: columns.isEmpty ? nil : PriceHeader(columns: columns))
        fields.currency = run.prices.compactMap(\.currency).first
        return fields
    }

    /// Bin, bottle size, vintage and name from an entry's tokens once its prices are taken off.
    public func parseName(_ tokens: [String]) -> ParsedFields {
        var tokens = tokens
        // Bottle size.
        var size: Int?
        var kept: [String] = []
        var i = 0
        while i < tokens.count {
            if let (ml, used) = Self.bottleSize(tokens, at: i) {
                size = size ?? ml
                i += used
                continue
            }
            kept.append(tokens[i])
            i += 1
        }
        tokens = kept
        // Bin number at the start: "112", "#112", "Bin 112" (but not a leading vintage "2015 Ch. …").
        var bin: String?
        if let first = tokens.first {
            if first.lowercased() == "bin", tokens.count > 1, Self.isInteger(tokens[1]) {
                bin = tokens[1]; tokens.removeFirst(2)
            } else if first.hasPrefix("#"), Self.isInteger(String(first.dropFirst())) {
                bin = String(first.dropFirst()); tokens.removeFirst()
            } else if Self.isLetteredBin(first), tokens.count > 1 {
                bin = first; tokens.removeFirst()
            } else if Self.isInteger(first.trimmingCharacters(in: CharacterSet(charactersIn: ".)"))), tokens.count > 1,
                      !(Int(first).map { (1900...(runYear + 1)).contains($0) } ?? false) {
                bin = first.trimmingCharacters(in: CharacterSet(charactersIn: ".)")); tokens.removeFirst()
            }
        }
        // Vintage: the first plausible year token not marked as an identifier.
        var vintage: Vintage?
        var nameTokens = tokens
        if let index = vintageIndex(tokens) {
            vintage = vintageValue(tokens[index])
            nameTokens.remove(at: index)
        }
        let name = Self.cleanName(abbreviations.expand(nameTokens.joined(separator: " ")))
        return ParsedFields(name: name, vintage: vintage, prices: [], currency: nil, bottleSizeML: size, bin: bin)
    }

    /// The run of prices that ends a row ("14 / 56", "$65", "56,00 €", "€ 80,50", "MP"), read from
    /// the right. `start` is the index of the first token the run used; tokens before it are the name.
    public func trailingPrices(_ tokens: [String]) -> (prices: [PriceToken], start: Int) {
        enum Item { case price(PriceToken), currency(String, Int), slash }
        var items: [Item] = []
        var start = tokens.count
        var index = tokens.count - 1
        while index >= 0 {
            let token = tokens[index]
            if token == "/" || token == "|" {
                items.insert(.slash, at: 0)
            } else if token.lowercased() == "price", index > 0, tokens[index - 1].lowercased() == "market" {
                // "Market Price": one price without an amount, over two tokens.
                items.insert(.price(PriceToken(amount: nil, currency: nil, tokens: (index - 1)...index)), at: 0)
                start = index - 1
                index -= 2
                continue
            } else if token.count > 1, token.hasSuffix("/") || token.hasPrefix("/"),
                      let price = Self.price(token.trimmingCharacters(in: CharacterSet(charactersIn: "/"))) {
                // "27/ 104", "27 /104": the slash of a pair stuck to one of its prices.
                let parts: [Item] = [.price(PriceToken(amount: price.amount, currency: price.currency, tokens: index...index)), .slash]
                items.insert(contentsOf: token.hasSuffix("/") ? parts : parts.reversed(), at: 0)
            } else if Self.currencyWords[token.uppercased()] != nil || (token.count == 1 && Self.currencySymbols.contains(token.first!)) {
                items.insert(.currency(Self.currencyWords[token.uppercased()] ?? token, index), at: 0)
            } else if firstOfConsecutiveVintages(token) != nil {
                break // "2020/2021": two vintages, not two prices; the run of prices ends after them.
            } else if let split = Self.slashPrices(token) ?? Self.slashPrices(Self.repairedNumber(token)) {
                for p in split.reversed() { items.insert(.price(PriceToken(amount: p.amount, currency: p.currency, tokens: index...index)), at: 0) }
            } else if let price = Self.price(token) ?? Self.price(Self.repairedNumber(token)) {
                // A bare four-digit year is the vintage, not a price ("2015 450", "Ch. Palmer 2005"),
                // unless a currency printed after it says otherwise ("1995 €": a run of prices with
                // their signs after them, not "2015 € 80,50"), or the vintage stands right before it
                // ("Ch. Margaux 2015 1995").
                let followedByCurrency: Bool = {
                    guard case .currency = items.first, case .currency = items.last else { return false }
                    return true
                }()
                let afterVintage = index > 0 && items.isEmpty && isVintage(at: index - 1, in: Array(tokens[..<index]))
                if price.currency == nil, let amount = price.amount, token.count == 4, !followedByCurrency, !afterVintage,
                   (1900...(runYear + 1)).contains(Int(amount)), !token.contains(".") && !token.contains(",") {
                    break
                }
                // "Bin 389", "Cask 23", "No. 5": an identifier's number, not a price.
                if price.currency == nil, index > 0, token.trimmingCharacters(in: CharacterSet(charactersIn: ",;:")).allSatisfy(\.isNumber),
                   Self.identifierMarkers.contains(tokens[index - 1].lowercased().trimmingCharacters(in: .punctuationCharacters)) {
                    break
                }
                items.insert(.price(PriceToken(amount: price.amount, currency: price.currency, tokens: index...index)), at: 0)
            } else {
                break
            }
            start = index
            index -= 1
        }
        // Leading slashes or currency signs with no price belong to the name side.
        while let first = items.first, case .slash = first { items.removeFirst(); start += 1 }
        // Currency signs printed apart from the amount: after it when the run ends with one, else before.
        let suffixStyle: Bool = { if case .currency = items.last { return true } else { return false } }()
        var prices: [PriceToken] = []
        var pending: (symbol: String, index: Int)?
        for item in suffixStyle ? items.reversed() : items {
            switch item {
            case .currency(let symbol, let i): pending = (symbol, i)
            case .slash: pending = nil
            case .price(var p):
                if let c = pending {
                    p.currency = p.currency ?? c.symbol
                    p.tokens = min(c.index, p.tokens.lowerBound)...max(c.index, p.tokens.upperBound)
                    pending = nil
                }
                prices.append(p)
            }
        }
        if suffixStyle { prices.reverse() }
        // "1 250,00 €": a thousands group printed apart.
        var merged: [PriceToken] = []
        for p in prices {
            // Only "1 250,00": a single digit, then a group with decimals. "27 114" is a glass and a
            // bottle; "08 110.00" a '08 whose apostrophe OCR lost and a price.
            if let last = merged.last, let a = last.amount, let b = p.amount, last.currency == nil || p.currency == nil,
               a >= 1, a < 10, a == a.rounded(), last.tokens.upperBound + 1 == p.tokens.lowerBound,
               tokens[p.tokens.lowerBound].contains(where: { $0 == "," || $0 == "." }),
               tokens[p.tokens.lowerBound].prefix(while: \.isNumber).count == 3, tokens[last.tokens.upperBound].count == 1,
               tokens[last.tokens.upperBound].allSatisfy(\.isNumber) {
                merged[merged.count - 1] = PriceToken(amount: a * 1000 + b, currency: last.currency ?? p.currency,
                                                      tokens: last.tokens.lowerBound...p.tokens.upperBound)
            } else {
                merged.append(p)
            }
        }
        // "€98 00": the decimal comma lost, the cents read as a price of their own.
        if merged.count >= 2, let cents = merged.last, let whole = merged.dropLast().last,
           let c = cents.amount, let w = whole.amount, cents.currency == nil || cents.currency == whole.currency,
           whole.tokens.upperBound + 1 == cents.tokens.lowerBound,
           tokens[cents.tokens.lowerBound].count == 2, tokens[cents.tokens.lowerBound].allSatisfy(\.isNumber),
           !tokens[whole.tokens.upperBound].contains(where: { $0 == "." || $0 == "," }), w == w.rounded(), c < w {
            merged.removeLast(2)
            merged.append(PriceToken(amount: w + c / 100, currency: whole.currency, tokens: whole.tokens.lowerBound...cents.tokens.upperBound))
        }
        if merged.isEmpty { return ([], tokens.count) }
        return (merged, min(start, merged.map(\.tokens.lowerBound).min() ?? start))
    }

    /// A vintage token: 2015, '15, ’15, ‘15, NV, N.V., MV (surrounding commas and brackets ignored).
    public func vintageValue(_ token: String) -> Vintage? {
        var t = Self.repairedNumber(token.trimmingCharacters(in: CharacterSet(charactersIn: ",;:()[]")))
        // "''19": the apostrophe read twice.
        while t.count > 3, let a = t.first, Self.apostrophes.contains(a), Self.apostrophes.contains(t.dropFirst().first!) { t.removeFirst() }
        let upper = t.uppercased()
        // S.A. (sin añada) only with its dots: a bare "SA" is South Africa.
        if upper == "NV" || upper == "N.V." || upper == "N.V" || upper == "MV" || upper == "S.A." { return .nonVintage }
        if t.count == 4, let y = Int(t), (1900...(runYear + 1)).contains(y) { return .year(y) }
        // A year in old-style figures, whose zeros a reader takes for the letter o ("2ooo", "2oo9"):
        // a leading 1 or 2 and three look-alikes that make a year.
        if t.count == 4, t.first == "1" || t.first == "2",
           let y = Int(String(t.map { Self.digitConfusions[$0] ?? $0 })), (1900...(runYear + 1)).contains(y) { return .year(y) }
        if let first = firstOfConsecutiveVintages(t) { return .year(first) }
        // '15 with a digit misread ("’l5", "‘O4"): the two characters after the mark can only be digits.
        if t.count == 3, let f = t.first, Self.apostrophes.contains(f),
           let yy = Int(String(t.dropFirst().map { Self.digitConfusions[$0] ?? $0 })) {
            let pivot = (runYear + 1) % 100
            return .year(yy <= pivot ? 2000 + yy : 1900 + yy)
        }
        return nil
    }

    /// "2020/2021", "2020/21", "2020-21": the list pours one vintage and then the next; the first is the
    /// one on the shelf now, so it is the entry's vintage. The second year must follow the first within
    /// three years, so that a price pair or a range of other numbers is never read as vintages.
    func firstOfConsecutiveVintages(_ token: String) -> Int? {
        let parts = token.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "/" || $0 == "-" || $0 == "–" })
        guard parts.count == 2, parts[0].count == 4, let first = Int(parts[0]), (1900...(runYear + 1)).contains(first),
              parts[1].count == 4 || parts[1].count == 2, let tail = Int(parts[1]) else { return nil }
        let second = parts[1].count == 4 ? tail : (first / 100) * 100 + tail
        return (first + 1...first + 3).contains(second) && second <= runYear + 1 ? first : nil
    }

    /// "W280", "R12": a bin numbered within the list's sections by a capital letter and digits.
    static func isLetteredBin(_ token: String) -> Bool {
        guard let letter = token.first, letter.isUppercase, letter.isLetter else { return false }
        let digits = token.dropFirst()
        return (2...4).contains(digits.count) && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// Whitespace tokens; a slash between prices becomes its own token.
    static func tokens(_ text: String) -> [String] {
        text.split(whereSeparator: \.isWhitespace).flatMap { splitGluedVintage(String($0)) }
    }

    /// "USA'17", "Res.'19": a two-digit vintage printed (or read) against the word before it.
    static func splitGluedVintage(_ token: String) -> [String] {
        let chars = Array(token)
        guard chars.count >= 5, chars[chars.count - 2].isNumber, chars[chars.count - 1].isNumber,
              apostrophes.contains(chars[chars.count - 3]), chars[chars.count - 4].isLetter || chars[chars.count - 4] == "." else {
            return [token]
        }
        return [String(chars[..<(chars.count - 3)]), String(chars[(chars.count - 3)...])]
    }

    /// Dot leaders ("Ch. Margaux ........ 450") and runs of middle dots become a single space.
    static func removeLeaders(_ text: String) -> String {
        var out = ""
        var run = ""
        func flushRun() {
            let dots = run.filter { $0 == "." || $0 == "·" || $0 == "…" || $0 == "_" }.count
            out += (dots >= 3 || run.contains("…") && dots >= 1 && run.count > 1) ? " " : run
            run = ""
        }
        for c in text {
            if c == "." || c == "·" || c == "…" || c == "_" || (c == " " && !run.isEmpty) {
                run.append(c)
            } else {
                if !run.isEmpty { flushRun() }
                out.append(c)
            }
        }
        if !run.isEmpty { flushRun() }
        return out
    }

    static func isInteger(_ s: String) -> Bool { !s.isEmpty && s.count <= 5 && s.allSatisfy(\.isASCII) && s.allSatisfy(\.isNumber) }

    /// A single price token: 65, 65.00, 65,00, $65, 65€, £65, 1.250,00, MP.
    static func price(_ token: String) -> (amount: Double?, currency: String?)? {
        var t = Substring(token)
        // "350,-" and "350.-": a whole amount, as Danish, German and Swiss lists print it.
        if (t.hasSuffix(",-") || t.hasSuffix(".-") || t.hasSuffix(",–")) && t.count > 2 { t = t.dropLast(2) }
        if t.hasSuffix(",") && t.count > 1 { t = t.dropLast() }
        let upper = t.uppercased()
        if upper == "MP" || upper == "M.P." || upper == "MARKET" { return (nil, nil) }
        var currency: String?
        // "£" is often read as "&" before an amount ("&76.50").
        if t.first == "&", t.count > 1, amount(String(t.dropFirst())) != nil { return (amount(String(t.dropFirst())), "£") }
        if let f = t.first, currencySymbols.contains(f) { currency = String(f); t = t.dropFirst() }
        if let l = t.last, currencySymbols.contains(l) { currency = String(l); t = t.dropLast() }
        guard let amount = amount(String(t)) else { return nil }
        return (amount, currency)
    }

    /// "14/56" or "$14/$56" in one token.
    static func slashPrices(_ token: String) -> [(amount: Double?, currency: String?)]? {
        let parts = token.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 2, parts.allSatisfy({ !$0.isEmpty }) else { return nil }
        let prices = parts.compactMap(price)
        return prices.count == parts.count ? prices : nil
    }

    /// Parses 65 / 65.00 / 65,00 / 1,250 / 1.250,00 / 1,250.00; anything else is not an amount.
    public static func amount(_ text: String) -> Double? {
        guard !text.isEmpty, text.count <= 10, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == ",") }),
              let first = text.first, first.isNumber, let last = text.last, last.isNumber else { return nil }
        let separators = text.filter { $0 == "." || $0 == "," }
        if separators.isEmpty { return Double(text) }
        // The last separator followed by exactly two digits is the decimal mark; others group thousands.
        let lastSep = text.lastIndex { $0 == "." || $0 == "," }!
        let fraction = text[text.index(after: lastSep)...]
        let whole = text[..<lastSep]
        if fraction.count == 2 || (fraction.count == 1 && separators.count == 1) {
            let digits = whole.filter(\.isNumber)
            // Thousands groups must be three digits.
            if whole.contains(where: { $0 == "." || $0 == "," }) {
                let groups = whole.split(whereSeparator: { $0 == "." || $0 == "," })
                guard groups.dropFirst().allSatisfy({ $0.count == 3 }) else { return nil }
            }
            return Double("\(digits).\(fraction)")
        }
        if fraction.count == 3 {
            let groups = text.split(whereSeparator: { $0 == "." || $0 == "," })
            guard groups.first!.count <= 3, groups.dropFirst().allSatisfy({ $0.count == 3 }),
                  Set(separators).count == 1 else { return nil }
            return Double(text.filter(\.isNumber))
        }
        return nil
    }

    /// Bottle sizes: 375ml, 375 ml, 37.5cl, 75cl, 1.5L, 1,5 L, Magnum, Jeroboam, half bottle.
    static func bottleSize(_ tokens: [String], at i: Int) -> (ml: Int, used: Int)? {
        let t = tokens[i].lowercased().trimmingCharacters(in: CharacterSet(charactersIn: ",;()"))
        let named: [String: Int] = ["magnum": 1500, "mag": 1500, "mag.": 1500, "jeroboam": 3000, "rehoboam": 4500,
                                    "methuselah": 6000, "imperial": 6000, "salmanazar": 9000]
        if t == "double", i + 1 < tokens.count, tokens[i + 1].lowercased().hasPrefix("magnum") { return (3000, 2) }
        if t == "half", i + 1 < tokens.count, tokens[i + 1].lowercased().hasPrefix("b") { return (375, 2) }
        if let ml = named[t] { return (ml, 1) }
        func parse(_ number: String, _ unit: String) -> Int? {
            guard let v = Double(number.replacingOccurrences(of: ",", with: ".")), v > 0 else { return nil }
            switch unit {
            case "ml": return v >= 50 && v <= 30000 ? Int(v.rounded()) : nil
            case "cl": return v >= 5 && v <= 3000 ? Int((v * 10).rounded()) : nil
            case "l", "lt", "ltr": return v >= 0.1 && v <= 30 ? Int((v * 1000).rounded()) : nil
            default: return nil
            }
        }
        for unit in ["ml", "cl", "ltr", "lt", "l"] where t.hasSuffix(unit) {
            let number = String(t.dropLast(unit.count))
            if !number.isEmpty, let ml = parse(number, unit) { return (ml, 1) }
        }
        if i + 1 < tokens.count {
            let unit = tokens[i + 1].lowercased().trimmingCharacters(in: CharacterSet(charactersIn: ",;()."))
            if ["ml", "cl", "l", "lt", "ltr"].contains(unit), let ml = parse(t, unit) { return (ml, 2) }
        }
        return nil
    }

    /// Trims separators left behind once fields are removed ("Ch. Margaux, , –" → "Château Margaux").
    static func cleanName(_ text: String) -> String {
        var tokens = text.split(whereSeparator: \.isWhitespace).map(String.init)
        let junk: Set<String> = [",", "-", "–", "—", "|", "/", ";", ":", "(", ")", "·"]
        tokens.removeAll { junk.contains($0) }
        var s = tokens.joined(separator: " ")
        while let l = s.last, ",;:-–—/|".contains(l) { s.removeLast(); s = s.trimmingCharacters(in: .whitespaces) }
        while let f = s.first, ",;:-–—/|".contains(f) { s.removeFirst(); s = s.trimmingCharacters(in: .whitespaces) }
        return s.replacingOccurrences(of: " ,", with: ",")
    }
}
