import Imaging
import RecognizedText

/// One recognized line of a receipt split into the label it starts with and the numbers it ends
/// with: "Sub Total (RM) 52.00" → label "Sub Total (RM)", amounts [52.00].
struct ReceiptLine: Sendable {
    var index: Int
    var text: String
    var tokens: [String]
    var box: PixelRect
    var confidence: Double
    /// Word confidences, one per token when the line came from OCR (empty for plain text).
    var wordConfidences: [Double]
    /// Index of the first token of the trailing run of numbers (== tokens.count when none).
    var numbersStart: Int
    /// The trailing numbers, in order; `money` holds those printed as money (two decimals or a currency).
    var numbers: [Double]
    var money: [Double]
    /// A currency mark on the line (RM, $, € …) as an ISO code or symbol.
    var currency: String?
    /// Lower-case letter-only words of the label part, for vocabulary matching.
    var labelWords: [String]
    /// What the label says the line is.
    var role: ReceiptRole

    init(index: Int, line: RecognizedLine) {
        self.init(index: index, text: line.text, box: line.box, confidence: line.confidence,
                  wordConfidences: line.words.map(\.confidence))
    }

    init(index: Int, text: String, box: PixelRect = PixelRect(x: 0, y: 0, width: 0, height: 0), confidence: Double = 100,
         wordConfidences: [Double] = []) {
        self.index = index
        self.text = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        var tokens = self.text.split(separator: " ").map(String.init)
        self.box = box
        self.confidence = confidence
        self.wordConfidences = wordConfidences.count == tokens.count ? wordConfidences : []
        // "48, 95" and "48 .95": OCR splits an amount at its decimal mark; glue it back at the end of the line.
        if tokens.count >= 2, let last = tokens.last, last.count == 2, last.allSatisfy(\.isNumber) {
            let previous = tokens[tokens.count - 2]
            if (previous.hasSuffix(",") || previous.hasSuffix(".")), previous.dropLast().allSatisfy(\.isNumber), previous.count >= 2 {
                tokens[tokens.count - 2] = previous + last
                tokens.removeLast()
                if !self.wordConfidences.isEmpty { self.wordConfidences.removeLast() }
            }
        }
        // "250 .00": the decimals read as a word of their own.
        if tokens.count >= 2, let last = tokens.last, last.count == 3, last.first == ".", last.dropFirst().allSatisfy(\.isNumber),
           tokens[tokens.count - 2].allSatisfy(\.isNumber) {
            tokens[tokens.count - 2] += last
            tokens.removeLast()
            if !self.wordConfidences.isEmpty { self.wordConfidences.removeLast() }
        }
        self.tokens = tokens
        var currency: String?
        var start = tokens.count
        var numbers: [Double] = []
        var money: [Double] = []
        var i = tokens.count - 1
        // Skip trailing tax codes and rules, then take numbers leftwards; a currency mark may sit among them.
        while i >= 0, MoneyReader.isTrailingCode(tokens[i]), MoneyReader.number(tokens[i]) == nil { i -= 1 }
        while i >= 0 {
            let token = tokens[i]
            if let code = MoneyReader.currency(token) {
                currency = currency ?? code
                start = i
                i -= 1
                continue
            }
            if let m = MoneyReader.money(token) {
                currency = currency ?? m.currency
                numbers.insert(m.amount, at: 0)
                money.insert(m.amount, at: 0)
            } else if let n = MoneyReader.number(token), !(n >= 1000 && n == n.rounded() && !token.contains(where: { $0 == "." || $0 == "," })) {
                // A bare four-digit number (a vintage, a code) ends the run: item numbers are small.
                numbers.insert(n, at: 0)
            } else if ["x", "X", "×", "@", "*", "/", "-", "="].contains(token) {
                // "2 x 3.50", "1 PC * 9.000": operators between the numbers of an item line.
            } else {
                break
            }
            start = i
            i -= 1
        }
        self.numbersStart = start
        self.numbers = numbers
        self.money = money
        // A currency mark elsewhere on the line: "TOTAL (RM):", "Amount RM".
        if currency == nil {
            currency = tokens.lazy.compactMap { MoneyReader.currency($0) ?? MoneyReader.money($0)?.currency }.first
        }
        self.currency = currency
        self.labelWords = ReceiptVocabulary.words(tokens[..<start].joined(separator: " "))
        self.role = ReceiptVocabulary.role(of: labelWords, hasAmount: !money.isEmpty)
    }

    /// "Total Saving 0.00 Total 77.20": two labelled amounts printed on one row, split apart.
    func segments() -> [ReceiptLine] {
        guard numbersStart > 1 else { return [self] }
        for i in 1..<(numbersStart - 1) where MoneyReader.money(tokens[i]) != nil {
            let next = tokens[i + 1]
            guard next.filter(\.isLetter).count >= 2, MoneyReader.currency(next) == nil,
                  tokens[..<i].contains(where: { $0.filter(\.isLetter).count >= 2 }) else { continue }
            let confidences = wordConfidences.count == tokens.count ? wordConfidences : []
            let first = ReceiptLine(index: index, text: tokens[...i].joined(separator: " "), box: box, confidence: confidence,
                                    wordConfidences: confidences.isEmpty ? [] : Array(confidences[...i]))
            let rest = ReceiptLine(index: index, text: tokens[(i + 1)...].joined(separator: " "), box: box, confidence: confidence,
                                   wordConfidences: confidences.isEmpty ? [] : Array(confidences[(i + 1)...]))
            return [first] + rest.segments()
        }
        return [self]
    }

    /// The label part as printed.
    var label: String { tokens[..<numbersStart].joined(separator: " ") }

    /// The line's amount: the last money token of its trailing run.
    var amount: Double? { money.last }

    var hasLetters: Bool { labelWords.contains { $0.count >= 2 } }

    var letterCount: Int { text.filter(\.isLetter).count }
}
