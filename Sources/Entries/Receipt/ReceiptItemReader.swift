import Foundation

/// Reads the purchased lines between a receipt's header and its totals. An item is a line ending
/// in an amount; its description may be printed on the line above (or below) its numbers, and
/// quantity × unit price is taken from the numbers when they multiply out to the amount.
struct ReceiptItemReader {
    var fields: FieldParser

    struct Result {
        var items: [ReceiptItem] = []
        var discounts: [ReceiptDiscount] = []
    }

    static let quantityUnits: Set<String> = ["x", "×", "@", "pc", "pcs", "ea", "unit", "units", "nos", "no", "btl", "bt",
                                             "glass", "gls", "pkt", "pack", "box", "set", "kg", "g", "l", "ltr", "cup"]

    func read(_ lines: [ReceiptLine]) -> Result {
        var result = Result()
        var pending: [ReceiptLine] = []
        // The item just read, when its description has not been printed yet (it follows on the next line).
        var awaiting: Int?
        for line in lines {
            let role = line.role
            switch role {
            case .itemHeading, .count, .summaryHeading, .meta:
                pending.removeAll(); awaiting = nil
                continue
            default: break
            }
            if !DateReader.dates(in: line.text).isEmpty { pending.removeAll(); awaiting = nil; continue }
            guard let amount = line.amount else {
                if line.hasLetters && !ReceiptHeaderReader.isGarbage(line) {
                    if let k = awaiting {
                        result.items[k].description = descriptionText(line.tokens)
                        result.items[k].rawText += "\n" + line.text
                        result.items[k].lastLine = line.index
                        result.items[k].box = result.items[k].box.union(line.box)
                        result.items[k].readWine(fields)
                        awaiting = nil
                    } else {
                        pending.append(line)
                        if pending.count > 2 { pending.removeFirst() }
                    }
                }
                continue
            }
            if role == .discount || amount < 0 {
                result.discounts.append(ReceiptDiscount(line: line.index, label: line.label, amount: abs(amount), scope: .item))
                pending.removeAll(); awaiting = nil
                continue
            }
            var item = parseItem(line, amount: amount)
            if item.description.filter(\.isLetter).count < 2 {
                if !pending.isEmpty {
                    item.description = pending.map { descriptionText($0.tokens) }.joined(separator: " ")
                    if item.code == nil { item.code = pending.lazy.compactMap { code(in: $0.tokens) }.first }
                    item.rawText = (pending.map(\.text) + [line.text]).joined(separator: "\n")
                    item.line = pending[0].index
                    item.box = pending.reduce(line.box) { $0.union($1.box) }
                    awaiting = nil
                } else {
                    awaiting = result.items.count
                }
            } else {
                awaiting = nil
            }
            item.readWine(fields)
            pending.removeAll()
            result.items.append(item)
        }
        return result
    }

    /// One item line: leading code and quantity, the description, and the numbers at the end.
    func parseItem(_ line: ReceiptLine, amount: Double) -> ReceiptItem {
        var label = Array(line.tokens[..<line.numbersStart])
        var quantity: Double?
        var unitPrice: Double?
        let code = code(in: label)
        if code != nil { label.removeFirst() }
        // "2 x Burger", "1 PC * 9.000": a count with its unit or operator at the start.
        if label.count >= 2, let q = Int(label[0]), q > 0, q < 1000,
           Self.quantityUnits.contains(label[1].lowercased().trimmingCharacters(in: CharacterSet(charactersIn: ".*:"))) {
            quantity = Double(q)
            label.removeFirst(2)
            if let first = label.first, ["*", "x", "@", "×"].contains(first.lowercased()) { label.removeFirst() }
        } else if label.count >= 1, label[0].count >= 2, label[0].lowercased().hasSuffix("x"), let q = Int(label[0].dropLast()), q > 0, q < 1000 {
            quantity = Double(q)
            label.removeFirst()
        }
        // The numbers before the amount: find quantity × unit price (less a discount) = amount.
        let before = Array(line.numbers.dropLast())
        if let (q, u) = Self.quantityAndPrice(before, amount: amount, knownQuantity: quantity) {
            quantity = q
            unitPrice = u
        } else if quantity == nil, before.count == 1, let q = before.first, q == q.rounded(), q >= 1, q < 100,
                  Cents.equal(Cents.round(amount / q) * q, amount) {
            quantity = q
            unitPrice = Cents.round(amount / q)
        } else if let q = quantity, unitPrice == nil, q > 0 {
            let u = amount / q
            if Cents.equal(Cents.round(u) * q, amount) { unitPrice = Cents.round(u) }
        }
        return ReceiptItem(line: line.index, rawText: line.text, box: line.box, description: descriptionText(label),
                           code: code, quantity: quantity, unitPrice: unitPrice, amount: amount)
    }

    /// Quantity and unit price among `numbers` whose product (less a discount printed after them)
    /// is the amount. Whole quantities are preferred, so 2 × 3.50 wins over 3.50 × 2.
    static func quantityAndPrice(_ numbers: [Double], amount: Double, knownQuantity: Double?) -> (Double, Double)? {
        var best: (q: Double, u: Double, score: Int)?
        for i in numbers.indices {
            for j in numbers.indices where j != i {
                let q = numbers[i], u = numbers[j]
                guard q > 0, u > 0 else { continue }
                if let known = knownQuantity, q != known { continue }
                let discount = numbers.indices.filter { $0 > max(i, j) }.map { numbers[$0] }
                let matches = Cents.equal(q * u, amount) || discount.contains { Cents.equal(q * u - $0, amount) }
                guard matches else { continue }
                var score = 0
                if q == q.rounded() { score += 2 }
                if i < j { score += 1 }
                if q < 1000 { score += 1 }
                if score > (best?.score ?? Int.min) { best = (q, u, score) }
            }
        }
        if best == nil, let known = knownQuantity, numbers.count >= 1 {
            // "1 PC * 9.000 0.00 9.00": the unit price is the number that times the quantity gives the amount.
            for u in numbers where Cents.equal(known * u, amount) { return (known, u) }
        }
        return best.map { ($0.q, $0.u) }
    }

    /// An article number at the start of a line: four or more digits (EAN, SKU).
    func code(in tokens: [String]) -> String? {
        guard let first = tokens.first, first.count >= 4, first.allSatisfy(\.isNumber) else { return nil }
        return first
    }

    /// The description: the tokens without a leading code and without noise at the edges.
    func descriptionText(_ tokens: [String]) -> String {
        var t = tokens
        if code(in: t) != nil { t.removeFirst() }
        while let f = t.first, f.filter({ $0.isLetter || $0.isNumber }).isEmpty { t.removeFirst() }
        while let l = t.last, l.filter({ $0.isLetter || $0.isNumber }).isEmpty { t.removeLast() }
        return t.joined(separator: " ")
    }
}
