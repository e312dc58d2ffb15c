/// One merchant's till: paper width, print face, and the conventions of its country (currency,
/// tax, date format). Drawn once per receipt.
struct ReceiptStyle: Sendable {
    enum Merchant: String, Sendable { case restaurant, wineShop = "wine-shop", bar }
    enum ItemFormat: String, Sendable {
        /// "2 Glass Sancerre          28.00"
        case quantityFirst = "quantity-first"
        /// "Glass Sancerre  2 x 14.00  28.00"
        case inline
        /// "Glass Sancerre            28.00" then "  2 x 14.00" under it
        case twoLine = "two-line"
    }
    enum TaxMode: String, Sendable { case added, included }

    var merchant: Merchant
    var paperMM: Double
    var charsPerLine: Int
    var font: FontSpec
    var headerFont: FontSpec
    var ink: RGB
    var paper: RGB
    var leading: Double
    var uppercase: Bool
    var itemFormat: ItemFormat
    var price: PriceFormat
    var country: String
    var taxLabel: String
    var taxRate: Double
    var taxMode: TaxMode
    var dateFormat: String
    var timeFormat: String
    var separator: Character

    static func random(_ rng: inout SeededRandom, fonts: [String]) -> ReceiptStyle {
        let merchant: Merchant = rng.pick(weighted: [(.restaurant, 3.0), (.wineShop, 2.0), (.bar, 1.0)])
        let narrow = rng.chance(0.3)
        let paperMM = narrow ? 58.0 : 80.0
        let printable = paperMM - (narrow ? 10 : 8)
        let chars = narrow ? rng.pick([30, 32]) : rng.pick([40, 42, 44, 48])
        let mono = FontCatalogue.monospace.filter(fonts.contains)
        let family = rng.pick(mono.isEmpty ? [FontCatalogue.monospace[0]] : mono)
        // Monospace faces advance 0.6 em per character: size the face so the line fills the print width.
        let sizePt = printable / Double(chars) / 0.6 / millimetresPerPoint
        let ink = rng.pick(weighted: [(RGB(0.08, 0.08, 0.1), 3.0), (RGB(0.2, 0.2, 0.24), 2.0), (RGB(0.32, 0.3, 0.36), 1.0)])
        let font = FontSpec(family: family, sizePt: sizePt, bold: rng.chance(0.25), colour: ink)
        let country = rng.pick(weighted: [("US", 3.0), ("AU", 2.0), ("UK", 2.0), ("FR", 1.0), ("DE", 0.7), ("NZ", 0.7)])
        let price: PriceFormat
        let tax: (String, Double, TaxMode)
        var dateFormats: [String]
        switch country {
        case "US":
            price = PriceFormat(symbol: rng.chance(0.5) ? .dollar : .none, currency: "USD", decimals: 2)
            tax = (rng.pick(["Sales Tax", "Tax", "NY Tax 8.875%"]), 0.08875, .added)
            dateFormats = ["MM/dd/yyyy", "MM/dd/yy", "MMM d, yyyy", "yyyy-MM-dd"]
        case "AU", "NZ":
            price = PriceFormat(symbol: rng.chance(0.6) ? .dollar : .none, currency: country == "AU" ? "AUD" : "NZD", decimals: 2)
            tax = (rng.pick(["GST", "GST Included", "Incl. GST"]), country == "AU" ? 0.10 : 0.15, .included)
            dateFormats = ["dd/MM/yyyy", "dd/MM/yy", "d MMM yyyy", "yyyy-MM-dd"]
        case "UK":
            price = PriceFormat(symbol: rng.chance(0.6) ? .pound : .none, currency: "GBP", decimals: 2)
            tax = (rng.pick(["VAT 20%", "VAT", "Incl. VAT"]), 0.20, .included)
            dateFormats = ["dd/MM/yyyy", "dd/MM/yy", "d MMM yyyy", "dd-MMM-yy"]
        default:
            let comma = rng.chance(0.5)
            price = PriceFormat(symbol: rng.chance(0.5) ? .euro : .none, currency: "EUR", symbolAfter: rng.chance(0.5), decimals: 2,
                                decimalComma: comma)
            tax = country == "FR" ? (rng.pick(["TVA 20%", "VAT 20%"]), 0.20, .included) : (rng.pick(["MwSt 19%", "VAT 19%"]), 0.19, .included)
            dateFormats = ["dd.MM.yyyy", "dd/MM/yyyy", "yyyy-MM-dd", "dd.MM.yy"]
        }
        return ReceiptStyle(
            merchant: merchant, paperMM: paperMM, charsPerLine: chars, font: font,
            headerFont: font.with(size: sizePt * rng.uniform(1.3, 1.9), bold: true), ink: ink,
            paper: rng.pick([RGB(0.97, 0.97, 0.96), RGB(0.99, 0.99, 0.98), RGB(0.95, 0.95, 0.94)]),
            leading: rng.uniform(1.15, 1.4), uppercase: rng.chance(0.5),
            itemFormat: rng.pick(weighted: [(.quantityFirst, 2.0), (.inline, 1.5), (.twoLine, 1.5)]),
            price: price, country: country, taxLabel: tax.0, taxRate: tax.1, taxMode: tax.2,
            dateFormat: rng.pick(dateFormats), timeFormat: rng.pick(["HH:mm", "HH:mm:ss", "h:mm a"]),
            separator: rng.pick(["-", "-", "=", "*"]))
    }
}
