import Foundation

/// Finds a printed time of day — 20:19, 8:13:39 PM, 03:09:12 pm, 7.31 PM — and gives it in
/// 24-hour form (`HH:MM` or `HH:MM:SS`). A dot only separates hours and minutes when AM/PM
/// follows, since 7.31 alone is an amount.
public enum TimeReader {
    private static let pattern = DateReader.regex(
        #"(?<![\d.,])(?<!\d:)(\d{1,2})\s?([:.])\s?(\d{2})(?:\s?:\s?(\d{2}))?(?:\s*([ap])\.?\s?m\b\.?)?(?![\d]|[.,]\d)"#)

    public static func firstTime(in text: String) -> String? {
        let ns = text as NSString
        for m in pattern.matches(in: text) {
            func group(_ i: Int) -> String? {
                let r = m.range(at: i)
                return r.location == NSNotFound ? nil : ns.substring(with: r)
            }
            guard var hour = group(1).flatMap(Int.init), let minute = group(3).flatMap(Int.init) else { continue }
            let second = group(4).flatMap(Int.init)
            let meridiem = group(5)?.lowercased()
            if group(2) == ".", meridiem == nil { continue }
            guard minute < 60, second.map({ $0 < 60 }) ?? true else { continue }
            if let meridiem {
                guard (1...12).contains(hour) else { continue }
                if meridiem == "p" && hour != 12 { hour += 12 }
                if meridiem == "a" && hour == 12 { hour = 0 }
            } else {
                guard hour < 24 else { continue }
            }
            let hm = String(format: "%02d:%02d", hour, minute)
            return second.map { hm + String(format: ":%02d", $0) } ?? hm
        }
        return nil
    }
}
