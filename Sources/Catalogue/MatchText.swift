import Entries
import Foundation

/// The text both sides of a match are reduced to: abbreviations expanded, accents folded,
/// lower case, punctuation dropped. Applied identically to catalogue names and list entries.
public struct MatchText: Sendable {
    public var abbreviations: AbbreviationTable

    public init(abbreviations: AbbreviationTable = .builtIn) {
        self.abbreviations = abbreviations
    }

    public func key(_ text: String) -> String { tokens(text).joined(separator: " ") }

    public func tokens(_ text: String) -> [String] {
        let expanded = abbreviations.expand(text)
        let folded = expanded.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
            .replacingOccurrences(of: "œ", with: "oe").replacingOccurrences(of: "æ", with: "ae")
            .replacingOccurrences(of: "ß", with: "ss")
        var tokens: [String] = []
        var current = ""
        for scalar in folded.unicodeScalars {
            if CharacterSet.alphanumerics.contains(scalar) {
                current.unicodeScalars.append(scalar)
            } else if scalar == "'" || scalar == "’" {
                continue // d'Yquem → dyquem on both sides
            } else if !current.isEmpty {
                tokens.append(current)
                current = ""
            }
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }
}
