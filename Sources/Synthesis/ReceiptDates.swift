/// Date and time as tills print them, formatted by hand so output never depends on the locale.
enum ReceiptDates {
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }

    static func iso(year: Int, month: Int, day: Int) -> String { "\(year)-\(two(month))-\(two(day))" }

    /// Patterns: MM/dd/yyyy, MM/dd/yy, MMM d, yyyy, yyyy-MM-dd, dd/MM/yyyy, dd/MM/yy, d MMM yyyy, dd-MMM-yy, dd.MM.yyyy, dd.MM.yy.
    static func format(year: Int, month: Int, day: Int, pattern: String) -> String {
        let yy = two(year % 100), mm = two(month), dd = two(day), mon = months[month - 1]
        switch pattern {
        case "MM/dd/yyyy": return "\(mm)/\(dd)/\(year)"
        case "MM/dd/yy": return "\(mm)/\(dd)/\(yy)"
        case "MMM d, yyyy": return "\(mon) \(day), \(year)"
        case "dd/MM/yyyy": return "\(dd)/\(mm)/\(year)"
        case "dd/MM/yy": return "\(dd)/\(mm)/\(yy)"
        case "d MMM yyyy": return "\(day) \(mon) \(year)"
        case "dd-MMM-yy": return "\(dd)-\(mon)-\(yy)"
        case "dd.MM.yyyy": return "\(dd).\(mm).\(year)"
        case "dd.MM.yy": return "\(dd).\(mm).\(yy)"
        default: return iso(year: year, month: month, day: day)
        }
    }

    /// Patterns: HH:mm, HH:mm:ss, h:mm a.
    static func time(hour: Int, minute: Int, second: Int, pattern: String) -> String {
        switch pattern {
        case "HH:mm:ss": return "\(two(hour)):\(two(minute)):\(two(second))"
        case "h:mm a": return "\(hour % 12 == 0 ? 12 : hour % 12):\(two(minute)) \(hour < 12 ? "AM" : "PM")"
        default: return "\(two(hour)):\(two(minute))"
        }
    }
}
