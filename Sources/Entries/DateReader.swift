import Foundation

/// Finds dates printed on receipts and returns them as yyyy-mm-dd. Day-first is assumed only
/// when the day cannot be a month; ambiguous numeric dates follow `dayFirst`.
public enum DateReader {
    static let months = ["jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6, "jul": 7, "aug": 8,
                         "sep": 9, "sept": 9, "oct": 10, "nov": 11, "dec": 12]

    public static func firstDate(in text: String, dayFirst: Bool = true) -> String? {
        let pattern = #"(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})|(\d{1,2})[-/.](\d{1,2})[-/.](\d{2,4})|(\d{1,2})[ -]?([A-Za-z]{3,9})[ -,]*(\d{2,4})"#
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return nil }
        let ns = text as NSString
        for match in regex.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            func group(_ i: Int) -> String? {
                let r = match.range(at: i)
                return r.location == NSNotFound ? nil : ns.substring(with: r)
            }
            var y = 0, m = 0, d = 0
            if let ys = group(1), let ms = group(2), let ds = group(3) {
                y = Int(ys) ?? 0; m = Int(ms) ?? 0; d = Int(ds) ?? 0
            } else if let a = group(4).flatMap(Int.init), let b = group(5).flatMap(Int.init), let ys = group(6), let yv = Int(ys) {
                y = ys.count == 2 ? 2000 + yv : yv
                if a > 12 { d = a; m = b } else if b > 12 { m = a; d = b } else if dayFirst { d = a; m = b } else { m = a; d = b }
            } else if let ds = group(7), let mn = group(8), let ys = group(9) {
                guard let month = months[String(mn.lowercased().prefix(mn.lowercased().hasPrefix("sept") ? 4 : 3))] else { continue }
                d = Int(ds) ?? 0; m = month; y = ys.count == 2 ? 2000 + (Int(ys) ?? 0) : (Int(ys) ?? 0)
            }
            guard (1990...2100).contains(y), (1...12).contains(m), (1...31).contains(d) else { continue }
            return String(format: "%04d-%02d-%02d", y, m, d)
        }
        return nil
    }
}
