import Foundation

/// Phone and registration numbers, found by their labels anywhere on the receipt (they sit under
/// the name or in the footer).
enum ReceiptNumberReader {
    private static let phone = DateReader.regex(
        #"(?<![\p{L}])(?:tel(?:ephone)?|phone|ph|h/p|hp|mobile|mob|contact|call|hotline|whatsapp|t)\s*\.?\s*(?:no\.?)?\s*[:.;]?\s*(\+?[\d(][\d\s\-()/.]{5,}\d)"#)
    private static let fax = DateReader.regex(#"(?<![\p{L}])fax\s*\.?\s*(?:no\.?)?\s*[:.;]?\s*(\+?[\d(][\d\s\-()/.]{5,}\d)"#)
    /// Tax registrations; OCR often reads the G of GST as 6 or C.
    private static let tax = DateReader.regex(
        #"(?<![\p{L}])([g6c]st|sst|vat|tax|tin|abn|mwst|ust|tva|iva|btw|nip|nif|cif)\s*[-.]?\s*(?:reg(?:istration)?\.?|registered)?\s*(?:id|no|number|#|nr|idnr|id\s*no)?\.?\s*[:.;]?\s*([a-z]{0,2}[\d][\d\s\-]{5,18}\d[a-z]?)"#)
    /// Company numbers: labelled, or in brackets after the name ("(001451637-M)", "(139386 X)").
    private static let companyLabelled = DateReader.regex(
        #"(?:co\.?\s*-?\s*reg(?:istration)?|co\.?\s*no|company\s*(?:reg(?:istration)?\.?\s*)?no|roc|brn|reg(?:istration)?\s*no|business\s*reg(?:istration)?)\s*\.?\s*(?:no\.?)?\s*[:.;]?\s*(\d{4,12}\s?-?\s?[a-z]?)(?![\p{L}\d])"#)
    private static let companyBracketed = DateReader.regex(#"[(\[{]\s*(\d{4,12}\s?-?\s?[a-z])\s*[)\]}]"#)
    private static let companyBare = DateReader.regex(#"(?<![\p{L}\d-])(\d{5,12}-[a-z])(?![\p{L}\d])"#)

    static func phones(in lines: [ReceiptLine]) -> (phones: [String], faxes: [String]) {
        var phones: [String] = [], faxes: [String] = []
        for line in lines {
            let text = line.text
            let ns = text as NSString
            var faxRanges: [NSRange] = []
            for m in fax.matches(in: text) {
                faxRanges.append(m.range)
                let number = clean(ns.substring(with: m.range(at: 1)))
                if digits(number) >= 6, !faxes.contains(number) { faxes.append(number) }
            }
            for m in phone.matches(in: text)
            where !faxRanges.contains(where: { NSIntersectionRange($0, m.range).length > 0 }) {
                let number = clean(ns.substring(with: m.range(at: 1)))
                // A lone "T" label needs a number that looks like one (area code and digits).
                if digits(number) >= 7, digits(number) <= 15, !phones.contains(number) { phones.append(number) }
            }
        }
        return (phones, faxes)
    }

    static func registrations(in lines: [ReceiptLine], merchantLines: Set<Int>) -> [ReceiptRegistration] {
        var found: [ReceiptRegistration] = []
        func add(_ kind: String, _ number: String) {
            let n = number.uppercased().split(whereSeparator: \.isWhitespace).joined()
            guard !found.contains(where: { $0.number == n }) else { return }
            found.append(ReceiptRegistration(kind: kind, number: n))
        }
        for line in lines {
            let text = line.text
            let ns = text as NSString
            for m in tax.matches(in: text) {
                var kind = ns.substring(with: m.range(at: 1)).lowercased()
                if kind.hasSuffix("st") && kind != "sst" && kind != "ust" { kind = "gst" }
                let number = ns.substring(with: m.range(at: 2))
                if digits(number) >= 6 { add(kind, number) }
            }
            for m in companyLabelled.matches(in: text) { add("company", ns.substring(with: m.range(at: 1))) }
            for m in companyBracketed.matches(in: text) { add("company", ns.substring(with: m.range(at: 1))) }
            // A bare number-letter pair counts only next to the name, where companies print it.
            if merchantLines.contains(line.index) || merchantLines.contains(line.index - 1) {
                for m in companyBare.matches(in: text) { add("company", ns.substring(with: m.range(at: 1))) }
            }
        }
        return found
    }

    static func digits(_ s: String) -> Int { s.filter(\.isNumber).count }

    static func clean(_ number: String) -> String {
        number.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            .trimmingCharacters(in: CharacterSet(charactersIn: " -./"))
    }
}
