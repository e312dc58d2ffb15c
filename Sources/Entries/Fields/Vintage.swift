/// A wine's vintage as printed: a year, or non-vintage (NV / N.V. / MV).
public enum Vintage: Sendable, Hashable, Codable, CustomStringConvertible, Comparable {
    case year(Int)
    case nonVintage

    public var description: String {
        switch self {
        case .year(let y): return String(y)
        case .nonVintage: return "NV"
        }
    }

    public var year: Int? { if case .year(let y) = self { return y } else { return nil } }

    /// Parses "2015", "NV" as written in reports and ground truth.
    public init?(_ text: String) {
        let t = text.trimmingCharacters(in: .whitespaces).uppercased()
        if t == "NV" || t == "N.V." || t == "MV" { self = .nonVintage; return }
        guard let y = Int(t), (1800...2200).contains(y) else { return nil }
        self = .year(y)
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let v = Vintage(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a vintage: \(text)"))
        }
        self = v
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }

    public static func < (a: Vintage, b: Vintage) -> Bool {
        switch (a, b) {
        case (.nonVintage, .year): return true
        case (.year(let x), .year(let y)): return x < y
        default: return false
        }
    }
}
