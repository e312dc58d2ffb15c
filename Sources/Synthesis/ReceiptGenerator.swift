import Catalogue
import Entries
import Evaluation

/// Makes one thermal-printer receipt: merchant header, date and time, line items (some of them
/// wines from the catalogue, some invented), subtotal, tax, total, payment and change. Lines are
/// set on a fixed character grid in a monospace face, as a till prints them.
public struct ReceiptGenerator: Sendable {
    public var catalogue: Catalogue
    public var fakeRate: Double
    public var year: Int
    public var fonts: [String]

    public init(catalogue: Catalogue, fakeRate: Double = 0.15, year: Int = 2025, fonts: [String] = FontCatalogue.all) {
        self.catalogue = catalogue
        self.fakeRate = fakeRate
        self.year = year
        self.fonts = fonts
    }

    static let restaurantNames = ["THE BOTTLE ROOM", "Osteria Lupa", "Harbour Kitchen", "Maison Lumière", "The Salt House",
                                  "Bistro Marguerite", "Ember & Oak", "Trattoria da Enzo", "Le Petit Jardin", "Fig & Thistle"]
    static let shopNames = ["Cellar Door Wines", "The Wine Merchant", "Vintage & Co. Fine Wines", "Corkscrew Cellars",
                            "Bottle & Barrel", "La Cave du Marché", "Weinhandlung Adler", "Grape Expectations"]
    static let barNames = ["The Cork Bar", "Bar Lucca", "Vino Vino", "The Tasting Room", "Wine Bar Nº 9"]
    static let streets = ["Harbour St", "King Street", "Market Lane", "High Street", "Rue du Bac", "Church Road", "Main St",
                          "Queen Street", "Elm Avenue", "Bridge Road", "Via Roma", "Kastanienallee"]
    static let cities: [String: [String]] = [
        "US": ["New York, NY 10013", "San Francisco, CA 94110", "Chicago, IL 60611", "Portland, OR 97205"],
        "AU": ["Sydney NSW 2000", "Melbourne VIC 3000", "Adelaide SA 5000"],
        "NZ": ["Auckland 1010", "Wellington 6011"],
        "UK": ["London W1F 9PJ", "Bristol BS1 4DJ", "Edinburgh EH2 2ER"],
        "FR": ["75007 Paris", "69002 Lyon"],
        "DE": ["10115 Berlin", "80331 München"],
    ]
    static let dishes: [(String, Double)] = [
        ("Burrata", 18.5), ("Oysters (6)", 24), ("Steak Frites", 38), ("Roast Chicken", 32), ("Risotto", 28),
        ("Green Salad", 12), ("Fries", 9), ("Bread & Butter", 7), ("Tiramisu", 14), ("Cheese Plate", 22),
        ("Sparkling Water", 8), ("Espresso", 4.5), ("Charcuterie", 26), ("Linguine Vongole", 34), ("Crème Brûlée", 13),
    ]
    static let shopExtras: [(String, Double)] = [("Gift Box", 6), ("Wine Bag", 0.5), ("Corkscrew", 12.95), ("Ice Bag", 4)]

    public func generate(engine: TextEngine, _ rng: inout SeededRandom) -> FlatDocument {
        let style = ReceiptStyle.random(&rng, fonts: fonts)
        let fakes = FakeWineFactory(catalogue: catalogue)
        let width = style.charsPerLine
        var printer = ReceiptPrinter(style: style, engine: engine)

        // Header.
        let merchant: String
        switch style.merchant {
        case .restaurant: merchant = rng.pick(Self.restaurantNames)
        case .wineShop: merchant = rng.pick(Self.shopNames)
        case .bar: merchant = rng.pick(Self.barNames)
        }
        let street = "\(rng.int(1...480)) \(rng.pick(Self.streets))"
        let city = rng.pick(Self.cities[style.country] ?? ["Springfield"])
        printer.header(merchant)
        printer.centred(street)
        printer.centred(city)
        if rng.chance(0.6) { printer.centred("Tel: \(phone(style.country, &rng))") }
        if style.country == "AU" && rng.chance(0.7) { printer.centred("ABN \(rng.int(10...99)) \(rng.int(100...999)) \(rng.int(100...999)) \(rng.int(100...999))") }
        if style.country == "UK" && rng.chance(0.6) { printer.centred("VAT No. GB \(rng.int(100...999)) \(rng.int(1000...9999)) \(rng.int(10...99))") }
        printer.blank()

        // Date and time.
        let month = rng.int(1...12), day = rng.int(1...28)
        let hour = style.merchant == .wineShop ? rng.int(10...19) : rng.int(12...23), minute = rng.int(0...59), second = rng.int(0...59)
        let dateText = ReceiptDates.format(year: year, month: month, day: day, pattern: style.dateFormat)
        let timeText = ReceiptDates.time(hour: hour, minute: minute, second: second, pattern: style.timeFormat)
        let labelled = ("Date: \(dateText)", "Time: \(timeText)")
        if rng.chance(0.5) && labelled.0.count + labelled.1.count < width {
            printer.pair(labelled.0, labelled.1)
        } else if dateText.count + timeText.count < width {
            printer.pair(dateText, timeText)
        } else {
            printer.left(dateText)
            printer.left(timeText)
        }
        switch style.merchant {
        case .restaurant:
            printer.pair("Table \(rng.int(1...40))", "Guests: \(rng.int(1...8))")
            printer.pair("Server: \(rng.pick(["Anna", "Marco", "Sophie", "James", "Lea", "Tom"]))", "Chk \(rng.int(1000...99999))")
        case .bar:
            printer.left("Bar Tab #\(rng.int(100...999))")
        case .wineShop:
            printer.pair("Receipt \(rng.int(10000...999999))", "Till \(rng.int(1...6))")
        }
        printer.rule()

        // Items.
        var items: [GroundTruth.ReceiptTruth.Item] = []
        let itemCount = style.merchant == .wineShop ? rng.int(1...6) : rng.int(3...11)
        var usedDishes = Set<String>()
        for index in 0..<itemCount {
            let wineItem = style.merchant == .wineShop ? index < itemCount - (rng.chance(0.2) ? 1 : 0) || itemCount == 1 : rng.chance(0.45)
            var description: String
            var unit: Double
            var catalogueID: String?
            if wineItem {
                let fake = rng.chance(fakeRate)
                let candidates = catalogue.wines
                let wine = fake || candidates.isEmpty ? fakes.make(colour: rng.pick(["red", "white", "sparkling"]), &rng) : rng.pick(candidates)
                catalogueID = fake || candidates.isEmpty ? nil : wine.id
                let glass = style.merchant != .wineShop && rng.chance(0.5)
                description = itemName(wine: wine, glass: glass, width: width, &rng)
                let bottle = (rng.uniform(style.merchant == .wineShop ? 18 : 45, style.merchant == .wineShop ? 95 : 180) * 2).rounded() / 2
                unit = glass ? (bottle / 4).rounded() : bottle
                if style.merchant == .wineShop { unit = (unit.rounded(.down) + rng.pick([0.99, 0.95, 0.0, 0.5])) }
            } else {
                let pool = style.merchant == .wineShop ? Self.shopExtras : Self.dishes
                var dish = rng.pick(pool)
                for _ in 0..<5 where usedDishes.contains(dish.0) { dish = rng.pick(pool) }
                usedDishes.insert(dish.0)
                description = dish.0
                unit = dish.1
            }
            if style.uppercase { description = description.uppercased() }
            let quantity = rng.chance(0.7) ? 1 : rng.int(2...(wineItem ? 3 : 4))
            let amount = (unit * Double(quantity) * 100).rounded() / 100
            let printed = printer.item(description: description, quantity: quantity, unit: unit, amount: amount)
            items.append(GroundTruth.ReceiptTruth.Item(description: printed, quantity: Double(quantity),
                                                        unitPrice: unit, amount: amount, catalogueID: catalogueID))
        }
        printer.rule()

        // Totals.
        let subtotal = (items.reduce(0) { $0 + $1.amount } * 100).rounded() / 100
        let tax: Double
        let total: Double
        switch style.taxMode {
        case .added:
            tax = (subtotal * style.taxRate * 100).rounded() / 100
            total = ((subtotal + tax) * 100).rounded() / 100
            printer.amount(style.uppercase ? "SUBTOTAL" : "Subtotal", subtotal)
            printer.amount(style.taxLabel, tax)
        case .included:
            tax = ((subtotal - subtotal / (1 + style.taxRate)) * 100).rounded() / 100
            total = subtotal
        }
        printer.amount(style.uppercase ? "TOTAL" : rng.pick(["Total", "TOTAL", "Amount Due"]), total, emphasised: true)
        if style.taxMode == .included {
            printer.amount(style.taxLabel.lowercased().contains("incl") ? style.taxLabel : "\(style.taxLabel) incl.", tax)
        }
        printer.blank()
        let payment: String
        var change: Double?
        if rng.chance(0.3) {
            payment = "CASH"
            let tendered = ((total / 10).rounded(.up) * 10 + Double(rng.pick([0, 0, 10, 20, 50]))).rounded()
            printer.amount("Cash", tendered)
            change = ((tendered - total) * 100).rounded() / 100
            printer.amount("Change", change ?? 0)
        } else {
            payment = rng.pick(["VISA", "MASTERCARD", "AMEX", style.country == "AU" ? "EFTPOS" : "DEBIT"])
            printer.amount("\(payment) ****\(rng.int(1000...9999))", total)
        }
        printer.blank()
        printer.centred(rng.pick(["Thank you!", "Thank you for your visit", "Please come again", "Merci et à bientôt",
                                  "Thank you - see you soon"]))
        if rng.chance(0.4) { printer.centred(rng.pick(["Drink responsibly", "www.\(merchant.lowercased().filter { $0.isLetter }).com"])) }

        let truth = GroundTruth.ReceiptTruth(
            merchant: merchant, address: "\(street), \(city)",
            date: ReceiptDates.iso(year: year, month: month, day: day),
            time: ReceiptDates.time(hour: hour, minute: minute, second: second, pattern: "HH:mm"),
            currency: style.price.printedCurrency, items: items,
            subtotal: style.taxMode == .added ? subtotal : nil, tax: tax, total: total, payment: payment, change: change)
        let parameters: [String: String] = [
            "merchantType": style.merchant.rawValue, "paperMM": String(Int(style.paperMM)), "charsPerLine": String(style.charsPerLine),
            "font": style.font.summary, "headerFont": style.headerFont.summary, "itemFormat": style.itemFormat.rawValue,
            "country": style.country, "currency": style.price.currency, "priceFormat": style.price.format(1234.5),
            "taxMode": style.taxMode.rawValue, "taxRate": String(style.taxRate), "dateFormat": style.dateFormat,
            "timeFormat": style.timeFormat, "uppercase": String(style.uppercase), "ink": style.ink.hex, "paper": style.paper.hex,
            "fakeRate": String(fakeRate), "year": String(year),
        ]
        return printer.document(receipt: truth, parameters: parameters)
    }

    private func itemName(wine: Wine, glass: Bool, width: Int, _ rng: inout SeededRandom) -> String {
        let printing = WinePrinting(vintageStyle: .full, nonVintage: "NV", abbreviationRate: 0.7, stripAccents: rng.chance(0.5))
        var parts = [printing.abbreviate(wine.producer, &rng)]
        if !wine.wine.isEmpty { parts.append(printing.abbreviate(wine.wine, &rng)) }
        var text = parts.joined(separator: " ")
        if glass { text = rng.pick(["Gls ", "GL ", "Glass "]) + text }
        if !glass && rng.chance(0.6) { text += " \(year - rng.int(2...10))" }
        // Tills truncate long names to the item column.
        let limit = width - 14
        if text.count > limit { text = String(text.prefix(limit)).trimmingCharacters(in: [" "]) }
        return text
    }

    private func phone(_ country: String, _ rng: inout SeededRandom) -> String {
        switch country {
        case "US": return "(\(rng.int(200...989))) \(rng.int(200...989))-\(rng.int(1000...9999))"
        case "UK": return "020 \(rng.int(7000...8999)) \(rng.int(1000...9999))"
        case "AU": return "(0\(rng.int(2...8))) \(rng.int(9000...9999)) \(rng.int(1000...9999))"
        default: return "+\(rng.int(30...64)) \(rng.int(1...9)) \(rng.int(10...99)) \(rng.int(10...99)) \(rng.int(10...99)) \(rng.int(10...99))"
        }
    }
}
