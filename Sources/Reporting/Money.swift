/// Money in reports: always two decimals, locale-independent ("9.00", "-0.02").
enum Money {
    static func format(_ value: Double) -> String {
        let cents = Int((value * 100).rounded())
        let sign = cents < 0 ? "-" : ""
        let a = abs(cents)
        return "\(sign)\(a / 100).\(a % 100 < 10 ? "0" : "")\(a % 100)"
    }
}
