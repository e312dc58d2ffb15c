import Evaluation

/// A receipt beside its photo: the fields read, the items, and whether the amounts add up; with
/// ground truth, which fields were read right.
enum ReceiptHTML {
    static func panel(_ page: PageResult, evaluation: ImageEvaluation?) -> String {
        var html = "<div class=\"panel receipt\"><h4>Receipt</h4>"
        guard let receipt = page.receipt else {
            return html + "<p class=\"hint\">No receipt fields were read.</p></div>"
        }
        let truth = evaluation?.receipt?.fields ?? [:]
        func money(_ value: Double?) -> String? {
            value.map { (receipt.currency ?? "") + HTMLText.fixed($0, decimals: 2) }
        }
        let fields: [(key: String, title: String, value: String?)] = [
            ("merchant", "Merchant", receipt.merchant), ("address", "Address", receipt.address), ("date", "Date", receipt.date),
            ("time", "Time", receipt.time), ("currency", "Currency", receipt.currency),
            ("subtotal", "Subtotal", money(receipt.subtotal)), ("tax", "Tax", money(receipt.tax)),
            ("total", "Total", money(receipt.total)), ("payment", "Payment", receipt.payment),
            ("change", "Change", money(receipt.change)),
        ]
        let checked = !truth.isEmpty
        html += "<table><caption>Fields read</caption><thead><tr><th scope=\"col\">Field</th><th scope=\"col\">Read</th>"
            + (checked ? "<th scope=\"col\">Truth</th>" : "") + "</tr></thead><tbody>"
        for field in fields where field.value != nil || truth[field.key] != nil {
            html += "<tr><th scope=\"row\">\(field.title)</th><td>\(HTMLText.escape(field.value ?? "—"))</td>"
            if checked {
                if let tally = truth[field.key] {
                    html += tally.correct == tally.total ? "<td class=\"ok\">✓ right</td>" : "<td class=\"off\">✗ wrong</td>"
                } else {
                    html += "<td></td>"
                }
            }
            html += "</tr>"
        }
        html += "</tbody></table>"
        html += itemsTable(page, currency: receipt.currency)
        html += consistency(page, receipt: receipt)
        return html + "</div>"
    }

    static func itemsTable(_ page: PageResult, currency: String?) -> String {
        let items = page.entries.filter { $0.kind == .item }
        guard !items.isEmpty else { return "<p class=\"hint\">No items were read.</p>" }
        var html = "<table><caption>Items</caption><thead><tr><th scope=\"col\">Description</th>"
            + "<th scope=\"col\" class=\"num\">Qty</th><th scope=\"col\" class=\"num\">Amount</th><th scope=\"col\">Match</th></tr></thead><tbody>"
        for item in items {
            html += "<tr><td>\(HTMLText.escape(item.name))</td><td class=\"num\">\(HTMLText.escape(HTMLText.number(item.quantity)))</td>"
                + "<td class=\"num\">\(HTMLText.escape(item.prices.first?.amount.map { HTMLText.fixed($0, decimals: 2) } ?? ""))</td>"
                + "<td>\(item.isUnmatched ? "" : HTMLText.escape(item.matchText))</td></tr>"
        }
        return html + "</tbody></table>"
    }

    /// Items against the subtotal and subtotal plus tax against the total, to the cent.
    static func consistency(_ page: PageResult, receipt: ReceiptRecord) -> String {
        let amounts = page.entries.filter { $0.kind == .item }.compactMap { $0.prices.first?.amount }
        var checks: [(String, Double, Double)] = []
        if !amounts.isEmpty, let subtotal = receipt.subtotal { checks.append(("items = subtotal", amounts.reduce(0, +), subtotal)) }
        if let subtotal = receipt.subtotal, let total = receipt.total {
            checks.append(("subtotal + tax = total", subtotal + (receipt.tax ?? 0), total))
        } else if !amounts.isEmpty, let total = receipt.total {
            checks.append(("items + tax = total", amounts.reduce(0, +) + (receipt.tax ?? 0), total))
        }
        guard !checks.isEmpty else { return "<p class=\"hint\">Not enough amounts to check the receipt adds up.</p>" }
        var html = "<h5>Consistency</h5><ul>"
        for (name, expected, found) in checks {
            let ok = abs(expected - found) < 0.005
            html += "<li class=\"\(ok ? "ok" : "off")\">\(ok ? "✓" : "✗") \(HTMLText.escape(name))"
                + (ok ? "" : ": expected \(HTMLText.fixed(expected, decimals: 2)), printed \(HTMLText.fixed(found, decimals: 2))") + "</li>"
        }
        return html + "</ul>"
    }
}
