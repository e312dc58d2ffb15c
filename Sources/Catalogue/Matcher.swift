import Entries
import Foundation

/// Finds an entry's wine in the catalogue: exact lookup of the normalized name first, then a
/// rarity-weighted token match that tolerates one OCR slip per long word.
public struct Matcher: Sendable {
    public let catalogue: Catalogue
    let text: MatchText
    /// Normalized display name → catalogue row indexes.
    let exact: [String: [Int]]
    /// Token → rows containing it.
    let postings: [String: [Int]]
    /// Inverse document frequency of each token.
    let idf: [String: Double]
    let rowTokens: [[String]]
    public var threshold: Double

    public init(catalogue: Catalogue, text: MatchText = MatchText(), threshold: Double = 0.62) {
        self.catalogue = catalogue
        self.text = text
        self.threshold = threshold
        var exact: [String: [Int]] = [:]
        var postings: [String: [Int]] = [:]
        var rowTokens: [[String]] = []
        for (i, wine) in catalogue.wines.enumerated() {
            let tokens = text.tokens(wine.displayName)
            rowTokens.append(tokens)
            exact[tokens.joined(separator: " "), default: []].append(i)
            for t in Set(tokens) { postings[t, default: []].append(i) }
        }
        let n = Double(max(catalogue.wines.count, 1))
        self.idf = postings.mapValues { log(1 + n / Double($0.count)) }
        self.exact = exact
        self.postings = postings
        self.rowTokens = rowTokens
    }

    public func match(name: String, vintage: Vintage?) -> MatchResult {
        let query = text.tokens(name)
        guard !query.isEmpty else { return .noMatch }
        if let rows = exact[query.joined(separator: " ")] {
            return result(rows.map { ($0, 1.0) }, vintage: vintage)
        }
        // Candidates: rows sharing a token with the query (or a token one edit away).
        var scores: [Int: Double] = [:]
        var seen = Set<Int>()
        for token in query {
            for key in matchingKeys(token) { for row in postings[key] ?? [] { seen.insert(row) } }
        }
        for row in seen {
            scores[row] = similarity(query: query, row: rowTokens[row])
        }
        let ranked = scores.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(4)
        guard let top = ranked.first, top.value >= threshold else { return .noMatch }
        return result(ranked.map { ($0.key, $0.value) }, vintage: vintage)
    }

    /// Catalogue tokens equal to the query token or, for words of 5+ letters, one edit away.
    func matchingKeys(_ token: String) -> [String] {
        if postings[token] != nil || token.count < 5 { return postings[token] != nil ? [token] : [] }
        return postings.keys.filter { abs($0.count - token.count) <= 1 && Self.withinOneEdit($0, token) }
    }

    /// Weighted recall of the row's tokens in the query, lightly penalised by extra query words.
    func similarity(query: [String], row: [String]) -> Double {
        var found = 0.0, total = 0.0
        for t in row {
            let w = idf[t] ?? 1
            total += w
            if query.contains(t) { found += w } else if t.count >= 5, query.contains(where: { Self.withinOneEdit($0, t) }) { found += 0.8 * w }
        }
        guard total > 0 else { return 0 }
        let recall = found / total
        let extra = Double(query.filter { !row.contains($0) }.count) / Double(query.count)
        return recall * (1 - 0.25 * extra)
    }

    func result(_ ranked: [(Int, Double)], vintage: Vintage?) -> MatchResult {
        // Prefer the row in the entry's vintage among equally good label matches.
        let ordered = ranked.sorted { a, b in
            if a.1 != b.1 { return a.1 > b.1 }
            let va = catalogue.wines[a.0].vintage == vintage, vb = catalogue.wines[b.0].vintage == vintage
            return va && !vb
        }
        let candidates = ordered.map { index, score in
            MatchCandidate(wineID: catalogue.wines[index].id, name: catalogue.wines[index].displayName,
                           vintage: catalogue.wines[index].vintage, score: score)
        }
        let best = candidates[0]
        let type: MatchType = best.vintage == nil || best.vintage == vintage || vintage == nil ? .exact : .vintageVariant
        return MatchResult(best: best, alternatives: Array(candidates.dropFirst().prefix(3)), confidence: best.score, type: type)
    }

    static func withinOneEdit(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        if x == y { return true }
        if abs(x.count - y.count) > 1 { return false }
        var i = 0, j = 0, edits = 0
        while i < x.count && j < y.count {
            if x[i] == y[j] { i += 1; j += 1; continue }
            edits += 1
            if edits > 1 { return false }
            if x.count > y.count { i += 1 } else if y.count > x.count { j += 1 } else { i += 1; j += 1 }
        }
        return edits + (x.count - i) + (y.count - j) <= 1
    }
}
