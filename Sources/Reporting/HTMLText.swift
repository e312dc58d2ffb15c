import Foundation

/// Escaping for the review report. Entry text comes from OCR of arbitrary photos and file names
/// from arbitrary folders, so every piece of text reaches the page through one of these: a list
/// whose text reads `<script>` must show those characters, never run them.
public enum HTMLText {
    /// Text for element content and double-quoted attribute values.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            // Control characters other than tab and newline are not allowed in HTML text.
            case "\u{0}"..."\u{8}", "\u{B}", "\u{C}", "\u{E}"..."\u{1F}", "\u{7F}": out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A relative URL for a path of file and folder names: each name percent-encoded (so `#`, `?`,
    /// `%` and spaces in a photo's name stay part of the name), then escaped for an attribute.
    public static func url(_ path: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~!$&'()*+,;=:@")
        let encoded = path.split(separator: "/", omittingEmptySubsequences: false).map { part in
            String(part).addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
        }.joined(separator: "/")
        return escape(encoded)
    }

    /// An element id made from any text: letters, digits, `-` kept, every other byte written as
    /// `_XX`, so two different names never share an id and a link from the run page can be built
    /// from the image name alone.
    public static func anchor(_ prefix: String, _ name: String) -> String {
        var out = prefix
        for byte in name.utf8 {
            let c = Character(Unicode.Scalar(byte))
            if byte < 0x80 && (c.isLetter || c.isNumber || c == "-") {
                out.append(c)
            } else {
                out += "_" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }

    /// A number for a data attribute: plain digits and a dot, or empty for none.
    public static func number(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "" }
        return EntryRecord.number(value)
    }

    /// A rate as a percentage with one decimal ("12.3%"), "—" for none, "∞" for an infinite rate.
    public static func percent(_ value: Double?) -> String {
        guard let value else { return "—" }
        guard value.isFinite else { return "∞" }
        return fixed(value * 100, decimals: 1) + "%"
    }

    /// Fixed decimals without Foundation's locale-dependent formatting.
    public static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return value > 0 ? "∞" : "—" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((abs(value) * scale).rounded())
        let sign = value < 0 && scaled != 0 ? "-" : ""
        guard decimals > 0 else { return sign + String(scaled) }
        let whole = scaled / Int(scale), fraction = String(scaled % Int(scale)).leftPadded(to: decimals)
        return "\(sign)\(whole).\(fraction)"
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
