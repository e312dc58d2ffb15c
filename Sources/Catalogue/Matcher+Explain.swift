import Foundation

extension Matcher {
    /// How a query was read and scored, for people tuning a catalogue or reporting a wrong match.
    public func explain(_ query: MatchQuery) -> String {
        let scratch = makeScratch()
        let read = reader.read(query.text, vintage: query.vintage)
        let words = resolve(read.words)
        var lines = ["query: \(query.text)"]
        lines.append("vintages: " + read.vintages.map { "\($0.code == CatalogueRow.nonVintage ? "NV" : String($0.code))@\(String(format: "%.2f", $0.strength))" }.joined(separator: " ")
                     + (read.damagedYears.isEmpty ? "" : "  damaged: " + read.damagedYears.map { String(decoding: $0.digits, as: UTF8.self) }.joined(separator: " ")))
        for (token, w) in zip(read.words, words) {
            let found = w.resolutions.map { "\(index.words[Int($0.word)])@\(String(format: "%.2f", $0.sim))" }.joined(separator: " ")
            lines.append("  \(token.text) → \(found.isEmpty ? "?" : found)  weight \(String(format: "%.2f", w.weight))\(w.optional ? " optional" : "")\(w.absorbed ? " absorbed" : "")")
        }
        let (result, features, scored) = evaluate(query, scratch: scratch)
        for s in scored.prefix(6) {
            lines.append(String(format: "  %.3f (text %.3f R %.2f P %.2f O %.2f prod %.2f %@) %@ %@", s.final, s.text, s.recall, s.precision, s.order,
                                s.producerRecall, "\(s.fit)", catalogue.displayName(at: s.row), catalogue.vintage(at: s.row)?.description ?? "-"))
        }
        if let features { lines.append("features: " + zip(MatchFeatures.names, features.vector).map { "\($0)=\(String(format: "%.2f", $1))" }.joined(separator: " ")) }
        lines.append("answer: \(result.type.rawValue) \(result.best?.name ?? "") \(result.best?.vintage?.description ?? "") confidence \(String(format: "%.3f", result.confidence))")
        return lines.joined(separator: "\n")
    }
}
