import Foundation
import Recognition

/// Reads a receipt's lines: items are lines ending in an amount; keyword lines give the totals.
public struct ReceiptParser: Sendable {
    public var fields: FieldParser

    public init(fields: FieldParser = FieldParser()) {
        self.fields = fields
    }

    static let totalWords = ["total", "amount due", "balance due", "grand total", "total due", "jumlah"]
    static let subtotalWords = ["subtotal", "sub total", "sub-total"]
    static let taxWords = ["tax", "gst", "vat", "sales tax", "hst", "pst"]
    static let changeWords = ["change", "baki"]
    static let paymentWords = ["cash", "visa", "mastercard", "amex", "card", "debit", "credit", "tendered", "paid", "payment"]
    static let skipWords = ["rounding", "round", "discount", "tip", "gratuity", "service", "qty", "item"]

    public func parse(_ page: RecognizedPage) -> Receipt { parse(lines: page.lines) }

    public func parse(lines: [RecognizedLine]) -> Receipt {
        var receipt = Receipt()
        receipt.merchant = lines.first { $0.text.contains(where: \.isLetter) }?.text
        for (index, line) in lines.enumerated() {
            let text = line.text
            let lower = text.lowercased()
            if receipt.date == nil, let date = DateReader.firstDate(in: text) { receipt.date = date }
            let tokens = text.split(whereSeparator: \.isWhitespace).map(String.init)
            guard let last = tokens.last, let price = FieldParser.price(last), let amount = price.amount, tokens.count >= 2 else { continue }
            if receipt.currency == nil { receipt.currency = price.currency }
            let label = tokens.dropLast().joined(separator: " ").lowercased()
            if Self.subtotalWords.contains(where: label.contains) { receipt.subtotal = amount; continue }
            if Self.totalWords.contains(where: label.contains) && !label.contains("sub") {
                if receipt.total == nil || lower.contains("grand") { receipt.total = amount }
                continue
            }
            if Self.taxWords.contains(where: { Self.containsWord(label, $0) }) { receipt.tax = (receipt.tax ?? 0) + amount; continue }
            if Self.changeWords.contains(where: { Self.containsWord(label, $0) }) { receipt.change = amount; continue }
            if Self.paymentWords.contains(where: { Self.containsWord(label, $0) }) { receipt.payment = tokens.first; continue }
            if Self.skipWords.contains(where: { Self.containsWord(label, $0) }) { continue }
            guard receipt.total == nil, label.contains(where: \.isLetter) else { continue }
            var description = Array(tokens.dropLast())
            var quantity: Double?, unit: Double?
            // "2 x 12.50", "2 @ 12.50" before the amount.
            if description.count >= 3, ["x", "@", "×"].contains(description[description.count - 2].lowercased()),
               let u = FieldParser.price(description.last!)?.amount, let q = Double(description[description.count - 3]) {
                quantity = q; unit = u; description.removeLast(3)
            } else if let first = description.first, let q = Int(first), q > 0, q < 100, description.count > 1 {
                quantity = Double(q); description.removeFirst()
            }
            let parsed = fields.parse(description.joined(separator: " "))
            receipt.items.append(ReceiptItem(line: index, rawText: text, box: line.box,
                                             description: description.joined(separator: " "),
                                             quantity: quantity, unitPrice: unit, amount: amount, vintage: parsed.vintage))
        }
        return receipt
    }

    static func containsWord(_ text: String, _ word: String) -> Bool {
        guard let range = text.range(of: word) else { return false }
        let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
        let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
        return !(before?.isLetter ?? false) && !(after?.isLetter ?? false)
    }
}
