import Evaluation

/// Prints receipt lines on a fixed character grid, as a thermal till does, and records each
/// line's text for the ground truth (runs of spaces collapsed to one, as a reader outputs them).
struct ReceiptPrinter {
    let style: ReceiptStyle
    let engine: TextEngine
    private(set) var pieces: [PlacedText] = []
    private(set) var lines: [String] = []
    private var y: Double
    private let left: Double
    private let itemPrice: PriceFormat

    init(style: ReceiptStyle, engine: TextEngine) {
        self.style = style
        self.engine = engine
        let gridWidth = engine.width(String(repeating: "0", count: style.charsPerLine), font: style.font)
        left = max(1.5, (style.paperMM - gridWidth) / 2)
        y = 7
        var bare = style.price
        bare.symbol = .none
        itemPrice = bare
    }

    private var pitch: Double { style.font.sizePt * millimetresPerPoint * style.leading }
    private var width: Int { style.charsPerLine }

    private mutating func emit(_ text: String, font: FontSpec, x: Double, pitch: Double) {
        let extent = engine.measure(text, font: font)
        pieces.append(PlacedText(text: text, font: font, x: x, baseline: y + extent.ascent))
        let words = text.split(separator: " ")
        if !words.isEmpty { lines.append(words.joined(separator: " ")) }
        y += pitch
    }

    private mutating func grid(_ text: String) { emit(text, font: style.font, x: left, pitch: pitch) }

    mutating func header(_ text: String) {
        var font = style.headerFont
        var extent = engine.measure(text, font: font)
        let available = style.paperMM - 2 * left
        if extent.width > available {
            font = font.with(size: font.sizePt * available / extent.width * 0.98)
            extent = engine.measure(text, font: font)
        }
        emit(text, font: font, x: (style.paperMM - extent.width) / 2, pitch: font.sizePt * millimetresPerPoint * 1.35)
    }

    mutating func centred(_ text: String) {
        let clipped = String(text.prefix(width))
        grid(String(repeating: " ", count: (width - clipped.count) / 2) + clipped)
    }

    mutating func left(_ text: String) { grid(String(text.prefix(width))) }

    /// Left and right text on one line, padded apart.
    mutating func pair(_ leftText: String, _ rightText: String) {
        let room = width - rightText.count - 1
        let l = String(leftText.prefix(max(0, room)))
        grid(l + String(repeating: " ", count: max(1, width - l.count - rightText.count)) + rightText)
    }

    mutating func rule() { grid(String(repeating: String(style.separator), count: width)) }

    mutating func blank() { y += pitch * 0.8 }

    mutating func amount(_ label: String, _ value: Double, emphasised: Bool = false) {
        let text = style.price.format(value)
        if emphasised && style.headerFont.sizePt > style.font.sizePt * 1.5 {
            // Some tills print the total in double width: two grid lines' worth of height, bold.
            let font = style.font.with(bold: true)
            let line = label + String(repeating: " ", count: max(1, width - label.count - text.count)) + text
            emit(line, font: font, x: left, pitch: pitch * 1.1)
        } else {
            pair(label, text)
        }
    }

    /// Prints an item in the till's format; returns the description as printed (after truncation).
    mutating func item(description: String, quantity: Int, unit: Double, amount: Double) -> String {
        let amountText = itemPrice.format(amount)
        switch style.itemFormat {
        case .quantityFirst:
            let prefix = "\(quantity) "
            let room = width - prefix.count - amountText.count - 1
            let d = clip(description, room)
            pair(prefix + d, amountText)
            return d
        case .inline:
            let middle = quantity > 1 ? "\(quantity) x \(itemPrice.format(unit))" : ""
            let right = middle.isEmpty ? amountText : middle + "  " + amountText
            let d = clip(description, width - right.count - 1)
            pair(d, right)
            return d
        case .twoLine:
            let d = clip(description, width - amountText.count - 1)
            pair(d, amountText)
            if quantity > 1 { left("  \(quantity) \(style.uppercase ? "X" : "x") \(itemPrice.format(unit))") }
            return d
        }
    }

    private func clip(_ text: String, _ room: Int) -> String {
        text.count <= room ? text : String(text.prefix(max(1, room))).trimmingCharacters(in: [" "])
    }

    func document(receipt: GroundTruth.ReceiptTruth, parameters: [String: String]) -> FlatDocument {
        FlatDocument(kind: .receipt, widthMM: style.paperMM, heightMM: y + 14, paper: style.paper, pieces: pieces, rules: [],
                     lines: lines, entries: [], receipt: receipt, layout: "receipt-\(Int(style.paperMM))mm",
                     parameters: parameters)
    }
}
