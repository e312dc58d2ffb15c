/// Inline SVG charts for the review report, drawn from the numbers by this code: no charting
/// library, no network, and the page opens from a file URL on a machine without internet. Each
/// chart carries a title and description for screen readers; the same numbers are in a table
/// beside it.
public enum SVGChart {
    public struct Bar: Sendable, Equatable {
        public var label: String
        public var value: Double
        /// Shown after the value, e.g. "(12 images)".
        public var note: String

        public init(label: String, value: Double, note: String = "") {
            self.label = label
            self.value = value
            self.note = note
        }
    }

    static let width = 720.0
    static let maxLabelWidth = 250.0
    static let rowHeight = 22.0

    /// Horizontal bars, one per row, with the value written at the end of each bar. Values above
    /// `maxValue` (or infinite) are drawn full length and marked with their value.
    public static func bars(id: String, title: String, description: String, bars: [Bar], maxValue: Double? = nil,
                            format: (Double) -> String = { HTMLText.percent($0) },
                            colour: (Double) -> String = { _ in "#4f6fa8" }) -> String {
        let finite = bars.map(\.value).filter(\.isFinite)
        let top = max(maxValue ?? (finite.max() ?? 1), 1e-9)
        // Room for the longest label (about 7 px a character), at most `maxLabelWidth`.
        let longest = bars.map { min($0.label.count, 38) }.max() ?? 0
        let labelWidth = min(maxLabelWidth, max(60, Double(longest) * 7 + 16))
        let plotWidth = width - labelWidth - 130
        let height = 34 + rowHeight * Double(max(bars.count, 1))
        var svg = open(id: id, title: title, description: description, width: width, height: height)
        // Value axis: a rule at 0 and at the top value, labelled.
        let x0 = labelWidth, x1 = labelWidth + plotWidth
        svg += "<g class=\"axis\"><line x1=\"\(n(x0))\" y1=\"24\" x2=\"\(n(x0))\" y2=\"\(n(height - 4))\"/>"
        svg += "<line class=\"grid\" x1=\"\(n(x1))\" y1=\"24\" x2=\"\(n(x1))\" y2=\"\(n(height - 4))\"/>"
        svg += "<text x=\"\(n(x0))\" y=\"16\" text-anchor=\"middle\">\(HTMLText.escape(format(0)))</text>"
        svg += "<text x=\"\(n(x1))\" y=\"16\" text-anchor=\"middle\">\(HTMLText.escape(format(top)))</text></g>"
        if bars.isEmpty {
            svg += "<text x=\"\(n(x0 + 8))\" y=\"\(n(24 + rowHeight * 0.7))\">nothing measured</text>"
        }
        for (k, bar) in bars.enumerated() {
            let y = 26 + rowHeight * Double(k)
            let clipped = bar.value.isFinite ? min(max(bar.value, 0), top) : top
            let w = plotWidth * clipped / top
            let shown = bar.value.isFinite ? format(bar.value) : "∞"
            let over = bar.value.isFinite && bar.value > top ? "+" : ""
            svg += "<g class=\"bar\"><title>\(HTMLText.escape("\(bar.label): \(shown) \(bar.note)"))</title>"
            svg += "<text x=\"\(n(labelWidth - 8))\" y=\"\(n(y + rowHeight * 0.62))\" text-anchor=\"end\">"
                + "\(HTMLText.escape(shortened(bar.label, to: 38)))</text>"
            svg += "<rect x=\"\(n(x0))\" y=\"\(n(y + 3))\" width=\"\(n(max(w, 1)))\" height=\"\(n(rowHeight - 7))\" "
                + "fill=\"\(colour(bar.value))\"/>"
            svg += "<text x=\"\(n(x0 + max(w, 1) + 6))\" y=\"\(n(y + rowHeight * 0.62))\">"
                + "\(HTMLText.escape(shown + over))\(bar.note.isEmpty ? "" : " <tspan class=\"note\">\(HTMLText.escape(bar.note))</tspan>")</text></g>"
        }
        return svg + "</svg>"
    }

    /// A reliability diagram: one column per confidence bin, as tall as the bin's share of right
    /// answers, a dot at the bin's mean confidence, and the diagonal a calibrated matcher follows.
    public static func reliability(id: String, title: String, calibration: ConfidenceCalibration) -> String {
        let size = 300.0, left = 48.0, top = 12.0, chartWidth = left + size + 172
        let height = top + size + 44
        let description = calibration.bins.isEmpty ? "No entry with ground truth has a match confidence."
            : "Share of right catalogue answers per confidence bin, over \(calibration.count) entries with ground truth; "
                + "expected calibration error \(HTMLText.percent(calibration.expectedError))."
        var svg = open(id: id, title: title, description: description, width: chartWidth, height: height)
        func x(_ v: Double) -> Double { left + v * size }
        func y(_ v: Double) -> Double { top + (1 - v) * size }
        svg += "<g class=\"axis\">"
        for tick in stride(from: 0.0, through: 1.0, by: 0.25) {
            svg += "<line class=\"grid\" x1=\"\(n(x(0)))\" y1=\"\(n(y(tick)))\" x2=\"\(n(x(1)))\" y2=\"\(n(y(tick)))\"/>"
            svg += "<text x=\"\(n(x(0) - 6))\" y=\"\(n(y(tick) + 4))\" text-anchor=\"end\">\(HTMLText.percent(tick).replacingOccurrences(of: ".0%", with: "%"))</text>"
            svg += "<text x=\"\(n(x(tick)))\" y=\"\(n(y(0) + 16))\" text-anchor=\"middle\">\(HTMLText.fixed(tick, decimals: 2))</text>"
        }
        svg += "<line x1=\"\(n(x(0)))\" y1=\"\(n(y(0)))\" x2=\"\(n(x(1)))\" y2=\"\(n(y(0)))\"/>"
        svg += "<line x1=\"\(n(x(0)))\" y1=\"\(n(y(0)))\" x2=\"\(n(x(0)))\" y2=\"\(n(y(1)))\"/>"
        svg += "<text x=\"\(n(x(0.5)))\" y=\"\(n(y(0) + 34))\" text-anchor=\"middle\">match confidence</text>"
        svg += "</g>"
        svg += "<line class=\"diagonal\" x1=\"\(n(x(0)))\" y1=\"\(n(y(0)))\" x2=\"\(n(x(1)))\" y2=\"\(n(y(1)))\"/>"
        for bin in calibration.bins {
            let gap = abs(bin.meanConfidence - bin.accuracy)
            svg += "<g class=\"bin\"><title>\(HTMLText.escape("confidence \(HTMLText.fixed(bin.lower, decimals: 1))–\(HTMLText.fixed(bin.upper, decimals: 1)): \(bin.count) entries, \(HTMLText.percent(bin.accuracy)) right, mean confidence \(HTMLText.percent(bin.meanConfidence))"))</title>"
            svg += "<rect x=\"\(n(x(bin.lower) + 2))\" y=\"\(n(y(bin.accuracy)))\" width=\"\(n(size / 10 - 4))\" "
                + "height=\"\(n(max(size * bin.accuracy, 0.5)))\" fill=\"\(gap > 0.15 ? "#c98a3b" : "#4f6fa8")\"/>"
            svg += "<circle cx=\"\(n(x(bin.meanConfidence)))\" cy=\"\(n(y(bin.accuracy)))\" r=\"3.5\"/>"
            svg += "<text class=\"count\" x=\"\(n(x(bin.lower) + size / 20))\" y=\"\(n(y(bin.accuracy) - 4))\" "
                + "text-anchor=\"middle\">\(bin.count)</text></g>"
        }
        // Legend.
        let lx = left + size + 16
        svg += "<g class=\"legend\"><rect x=\"\(n(lx))\" y=\"\(n(top + 4))\" width=\"12\" height=\"12\" fill=\"#4f6fa8\"/>"
        svg += "<text x=\"\(n(lx + 18))\" y=\"\(n(top + 14))\">share right, near</text>"
        svg += "<rect x=\"\(n(lx))\" y=\"\(n(top + 24))\" width=\"12\" height=\"12\" fill=\"#c98a3b\"/>"
        svg += "<text x=\"\(n(lx + 18))\" y=\"\(n(top + 34))\">share right, off by</text>"
            + "<text x=\"\(n(lx + 18))\" y=\"\(n(top + 46))\">more than 15 points</text>"
        svg += "<line class=\"diagonal\" x1=\"\(n(lx))\" y1=\"\(n(top + 62))\" x2=\"\(n(lx + 12))\" y2=\"\(n(top + 62))\"/>"
        svg += "<text x=\"\(n(lx + 18))\" y=\"\(n(top + 66))\">calibrated</text>"
        svg += "<text x=\"\(n(lx))\" y=\"\(n(top + 90))\">\(calibration.count) entries</text>"
        svg += "<text x=\"\(n(lx))\" y=\"\(n(top + 108))\">ECE \(HTMLText.percent(calibration.expectedError))</text></g>"
        return svg + "</svg>"
    }

    static func open(id: String, title: String, description: String, width: Double, height: Double) -> String {
        let id = HTMLText.escape(id)
        return "<svg class=\"chart\" id=\"\(id)\" role=\"img\" aria-labelledby=\"\(id)-t \(id)-d\" "
            + "viewBox=\"0 0 \(n(width)) \(n(height))\" width=\"\(n(width))\" height=\"\(n(height))\" "
            + "xmlns=\"http://www.w3.org/2000/svg\"><title id=\"\(id)-t\">\(HTMLText.escape(title))</title>"
            + "<desc id=\"\(id)-d\">\(HTMLText.escape(description))</desc>"
    }

    static func shortened(_ text: String, to length: Int) -> String {
        text.count <= length ? text : "…" + text.suffix(length - 1)
    }

    /// Coordinates with at most one decimal, locale-independent.
    static func n(_ value: Double) -> String {
        let text = HTMLText.fixed(value, decimals: 1)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}
