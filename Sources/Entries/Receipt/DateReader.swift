import Foundation

/// Finds printed dates — 25/12/2018, 12/25/18, 25.12.2018, 2018-12-25, 25 Dec 2018, 02/JAN/2017,
/// Dec 25, 2018 — and reads them as calendar dates. A numeric date whose first two numbers could
/// both be the month is resolved only by `DateOrder`; without one both readings are returned.
public enum DateReader {
    /// Month names and their usual abbreviations in the languages receipts come in (English, Malay,
    /// French, German, Spanish, Italian). Looked up whole first, then by 4- and 3-letter prefix.
    static let months: [String: Int] = [
        "january": 1, "jan": 1, "janv": 1, "januar": 1, "janvier": 1, "ene": 1, "enero": 1, "gen": 1, "gennaio": 1, "januari": 1,
        "february": 2, "feb": 2, "febr": 2, "fev": 2, "févr": 2, "février": 2, "februar": 2, "febrero": 2, "febbraio": 2, "februari": 2,
        "march": 3, "mar": 3, "mars": 3, "mac": 3, "märz": 3, "mär": 3, "marzo": 3,
        "april": 4, "apr": 4, "avr": 4, "avril": 4, "abr": 4, "abril": 4, "aprile": 4,
        "may": 5, "mai": 5, "mei": 5, "mayo": 5, "maggio": 5, "mag": 5,
        "june": 6, "jun": 6, "juin": 6, "juni": 6, "junio": 6, "giu": 6, "giugno": 6,
        "july": 7, "jul": 7, "juil": 7, "juillet": 7, "juli": 7, "julai": 7, "julio": 7, "lug": 7, "luglio": 7,
        "august": 8, "aug": 8, "ogos": 8, "ogo": 8, "août": 8, "aou": 8, "ago": 8, "agosto": 8,
        "september": 9, "sep": 9, "sept": 9, "septembre": 9, "septiembre": 9, "set": 9, "settembre": 9,
        "october": 10, "oct": 10, "okt": 10, "octobre": 10, "oktober": 10, "octubre": 10, "ott": 10, "ottobre": 10,
        "november": 11, "nov": 11, "novembre": 11, "noviembre": 11,
        "december": 12, "dec": 12, "dis": 12, "déc": 12, "décembre": 12, "dez": 12, "dezember": 12, "dic": 12,
        "diciembre": 12, "dicembre": 12, "disember": 12,
    ]

    static func month(_ word: String) -> Int? {
        let w = word.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "."))
        if let m = months[w] { return m }
        for length in [4, 3] where w.count > length {
            if let m = months[String(w.prefix(length))] { return m }
        }
        return nil
    }

    static let monthAbbreviations = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// A three-letter month with one letter misread ("25/Fen/2017"): the only abbreviation one letter
    /// away. Only between date punctuation on both sides, where nothing but a month is printed.
    static func misreadMonth(_ word: String) -> Int? {
        let w = word.lowercased()
        guard w.count == 3 else { return nil }
        let near = monthAbbreviations.indices.filter { Levenshtein.distance(w, monthAbbreviations[$0]) <= 1 }
        return near.count == 1 ? near[0] + 1 : nil
    }

    private static let isoPattern = regex(#"(?<!\d)(\d{4})\s?([-/.])\s?(\d{1,2})\s?\2\s?(\d{1,2})(?!\d)"#)
    private static let numericPattern = regex(#"(?<![\d.,])(\d{1,2})\s?([-/.])\s?(\d{1,2})\s?\2\s?(\d{4}|\d{2})(?![\d])"#)
    private static let dayMonthPattern = regex(#"(?<![\d.,])(\d{1,2})(?:st|nd|rd|th)?(\s*[-/.]?\s*)(\p{L}{3,9})\.?(\s*[-/.,]?\s*)(\d{4}|\d{2})(?!\d)"#)
    private static let monthDayPattern = regex(#"(?<!\p{L})(\p{L}{3,9})\.?\s*(\d{1,2})(?:st|nd|rd|th)?\s*,?\s+(\d{4})(?!\d)"#)
    /// A date-shaped token with letters OCR often reads for digits (D2/O1/2018, 2l/03/18).
    private static let confusablePattern = regex(#"(?<![\p{L}\d])[0-9ODQolI|]{1,2}[-/.][0-9ODQolI|]{1,2}[-/.][0-9ODQolI|]{2,4}(?![\p{L}\d])"#)

    static func regex(_ pattern: String) -> TextPattern { TextPattern(pattern) }

    /// Every pattern compiles (checked by the tests, since a broken one silently matches nothing).
    static var patternsAreValid: Bool {
        [isoPattern, numericPattern, dayMonthPattern, monthDayPattern, confusablePattern].allSatisfy(\.isValid)
    }

    /// Every date in the text, in the order printed.
    public static func dates(in text: String, order: DateOrder = .unspecified,
                             runYear: Int = FieldParser.currentYear) -> [DateMatch] {
        let repaired = repairConfusables(text)
        let ns = repaired as NSString
        var found: [(range: NSRange, match: DateMatch)] = []

        func add(_ range: NSRange, _ readings: [String], order resolved: String?) {
            guard !readings.isEmpty else { return }
            if found.contains(where: { NSIntersectionRange($0.range, range).length > 0 }) { return }
            let offset = (repaired.utf16.index(repaired.utf16.startIndex, offsetBy: range.location, limitedBy: repaired.utf16.endIndex))
                .map { repaired.distance(from: repaired.startIndex, to: $0) } ?? range.location
            found.append((range, DateMatch(text: ns.substring(with: range), offset: offset, readings: readings, iso: resolved)))
        }
        func group(_ m: NSTextCheckingResult, _ i: Int) -> String {
            let r = m.range(at: i)
            return r.location == NSNotFound ? "" : ns.substring(with: r)
        }

        for m in isoPattern.matches(in: repaired) {
            guard let y = Int(group(m, 1)), let mo = Int(group(m, 3)), let d = Int(group(m, 4)),
                  let iso = isoDate(y, mo, d, runYear: runYear) else { continue }
            add(m.range, [iso], order: iso)
        }
        for m in numericPattern.matches(in: repaired) {
            guard let a = Int(group(m, 1)), let b = Int(group(m, 3)), let y = year(group(m, 4), runYear: runYear) else { continue }
            let dayFirst = isoDate(y, b, a, runYear: runYear)
            let monthFirst = isoDate(y, a, b, runYear: runYear)
            var readings: [String] = []
            for reading in [dayFirst, monthFirst].compactMap({ $0 }) where !readings.contains(reading) { readings.append(reading) }
            let chosen: String?
            if readings.count == 1 {
                chosen = readings[0]
            } else {
                switch order {
                case .dayFirst: chosen = dayFirst
                case .monthFirst: chosen = monthFirst
                case .unspecified: chosen = nil
                }
            }
            add(m.range, readings, order: chosen)
        }
        for m in dayMonthPattern.matches(in: repaired) {
            let yearText = group(m, 5)
            // "2 SET 10" is a quantity, not a date: a two-digit year needs date punctuation around the
            // month, or a day printed with two digits as dates are ("05 MAY 18", "28 MAR 18").
            if yearText.count == 2 && group(m, 1).count < 2
                && !(group(m, 2) + group(m, 4)).contains(where: { "-/.".contains($0) }) { continue }
            let punctuated = [group(m, 2), group(m, 4)].allSatisfy { $0.contains(where: { "-/.".contains($0) }) }
            guard let d = Int(group(m, 1)), let mo = month(group(m, 3)) ?? (punctuated ? misreadMonth(group(m, 3)) : nil),
                  let y = year(yearText, runYear: runYear),
                  let iso = isoDate(y, mo, d, runYear: runYear) else { continue }
            add(m.range, [iso], order: iso)
        }
        for m in monthDayPattern.matches(in: repaired) {
            guard let mo = month(group(m, 1)), let d = Int(group(m, 2)), let y = Int(group(m, 3)),
                  let iso = isoDate(y, mo, d, runYear: runYear) else { continue }
            add(m.range, [iso], order: iso)
        }
        return found.sorted { $0.range.location < $1.range.location }.map(\.match)
    }

    /// The first date printed in the text.
    public static func firstDate(in text: String, order: DateOrder = .unspecified,
                                 runYear: Int = FieldParser.currentYear) -> DateMatch? {
        dates(in: text, order: order, runYear: runYear).first
    }

    /// Reads look-alike letters as digits inside date-shaped tokens only, keeping the text's length.
    static func repairConfusables(_ text: String) -> String {
        let ns = text as NSString
        let matches = confusablePattern.matches(in: text)
        guard !matches.isEmpty else { return text }
        let mutable = NSMutableString(string: text)
        for m in matches {
            let token = ns.substring(with: m.range)
            // At least four real digits: "IO/OI/II" is not a date with a few misread digits.
            guard token.filter(\.isNumber).count >= 4 else { continue }
            let fixed = String(token.map { c -> Character in
                switch c {
                case "O", "D", "Q", "o": return "0"
                case "l", "I", "|": return "1"
                default: return c
                }
            })
            mutable.replaceCharacters(in: m.range, with: fixed)
        }
        return mutable as String
    }

    /// Two-digit years pivot on the run year: up to next year they are 20xx, later ones 19xx.
    static func year(_ text: String, runYear: Int) -> Int? {
        guard let value = Int(text) else { return nil }
        if text.count == 4 { return value }
        guard text.count == 2 else { return nil }
        let century = (runYear / 100) * 100
        return century + value <= runYear + 1 ? century + value : century - 100 + value
    }

    static func isoDate(_ y: Int, _ m: Int, _ d: Int, runYear: Int) -> String? {
        guard (1970...(runYear + 1)).contains(y), (1...12).contains(m), d >= 1, d <= daysIn(month: m, year: y) else { return nil }
        return String(format: "%04d-%02d-%02d", y, m, d)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
