/// Query words to catalogue words: OCR damage (truncations, glyph confusions, lost and added spaces)
/// is repaired word by word before any label is scored.
extension Matcher {
    /// Maps each query word to catalogue words: exact, abbreviation by truncation ("Chamb."), same
    /// glyph shape (OCR confusions), within one or two edits, or split in two (a lost space).
    func resolve(_ tokens: [MatchToken]) -> [QueryWord] {
        var words: [QueryWord] = []
        words.reserveCapacity(tokens.count)
        for t in tokens {
            let optional = t.isDigits || GenericWineWords.noiseWords.contains(t.text)
            var found = lookup(t.text, dotAfter: t.flags.contains(.dotAfter), digits: t.isDigits)
            // Glued words are rarely more than three list words; longer runs are garbage not worth the search.
            if (found.first?.sim ?? 0) < 0.75, (6...28).contains(t.text.utf8.count), !t.isDigits {
                found.append(contentsOf: split(t.text))
            }
            words.append(QueryWord(resolutions: found, weight: weight(of: found, text: t.text), optional: optional))
        }
        // Two neighbours that are one catalogue word ("Lef laive"): merge when that fits better.
        if words.count >= 2 {
            for i in 0..<(words.count - 1) where !words[i].absorbed {
                let a = words[i].resolutions.first?.sim ?? 0, b = words[i + 1].resolutions.first?.sim ?? 0
                guard a < 0.999 || b < 0.999 else { continue }
                let joined = tokens[i].text + tokens[i + 1].text
                let found = lookup(joined, dotAfter: false, digits: false)
                guard let best = found.first, best.sim >= 0.8, best.sim > min(a, b) + 0.1 else { continue }
                words[i].resolutions = found
                words[i].weight = weight(of: found, text: joined)
                words[i].optional = false
                words[i + 1].absorbed = true
                words[i + 1].resolutions = found
                words[i + 1].weight = 0
            }
        }
        return words
    }

    func weight(of resolutions: [(word: UInt32, sim: Float)], text: String) -> Float {
        if resolutions.isEmpty {
            let n = text.utf8.count
            return n >= 4 ? tuning.unknownWordWeight : (n == 3 ? tuning.unknownWordWeight * 0.5 : 0.3)
        }
        var w: Float = 0
        for r in resolutions { w = max(w, index.weights[Int(r.word)]) }
        return w
    }

    /// Catalogue words for one query word, best first (at most four).
    func lookup(_ word: String, dotAfter: Bool, digits: Bool) -> [(word: UInt32, sim: Float)] {
        var found: [(word: UInt32, sim: Float)] = []
        let length = word.utf8.count
        var exact: UInt32?
        if let id = index.vocabulary[word] {
            found.append((id, 1))
            exact = id
            if !(dotAfter && length >= 3 && length <= 5) && length < 5 { return found }
        }
        if digits { return found }
        if dotAfter && length >= 3 {
            for id in index.words(withPrefix: word, limit: 6) where id != exact {
                found.append((id, 0.85))
            }
            if !found.isEmpty { return found }
        }
        guard length >= 3 else { return found }
        var shape: [UInt8] = []
        var copy = word
        copy.withUTF8 { OCRDistance.shapeKey($0, into: &shape) }
        var candidates = Set<UInt32>()
        if let same = index.shapes[String(decoding: shape, as: UTF8.self)] { candidates.formUnion(same) }
        if length >= 4 {
            var shapeIDs = Set<UInt32>()
            index.deletions.candidates(shape, into: &shapeIDs)
            for s in shapeIDs { candidates.formUnion(index.shapeWords[Int(s)]) }
        }
        let limit: Float = length >= 7 ? 2.2 : 1.2
        for id in candidates where id != exact {
            let other = index.words[Int(id)]
            let d = OCRDistance.distance(word, other, limit: limit)
            guard d <= limit else { continue }
            // Beside an exact word, a neighbour ("grande" for "grandes") is a weaker reading.
            let sim = OCRDistance.similarity(distance: d, length, other.utf8.count) * (exact == nil ? 1 : 0.8)
            if sim >= 0.6 { found.append((id, sim)) }
        }
        if found.isEmpty && length >= 4 {
            // A word cut short without a full stop ("Plac" for "Places").
            for id in index.words(withPrefix: word, limit: 3) { found.append((id, 0.7)) }
        }
        found.sort { $0.sim != $1.sim ? $0.sim > $1.sim : $0.word < $1.word }
        if found.count > 4 { found.removeLast(found.count - 4) }
        return found
    }

    /// "domaineleflaive" → domaine + leflaive; "domainegougesfixin" → three words: lost spaces, found by
    /// splitting into catalogue words (exact, same glyph shape, or the last part one slip away).
    func split(_ word: String) -> [(word: UInt32, sim: Float)] {
        let bytes = Array(word.utf8)
        var best: [(word: UInt32, sim: Float)] = []
        var bestWeight: Float = 0
        func search(_ start: Int, _ parts: [(word: UInt32, sim: Float)], _ weight: Float) {
            if start == bytes.count {
                if parts.count >= 2 && weight > bestWeight { bestWeight = weight; best = parts }
                return
            }
            guard parts.count < 3 else { return }
            for end in stride(from: bytes.count, through: start + 2, by: -1) {
                if start == 0 && end == bytes.count { continue }
                let piece = String(decoding: bytes[start..<end], as: UTF8.self)
                if let id = exactOrShape(piece) {
                    search(end, parts + [(id, 0.9)], weight + index.weights[Int(id)])
                } else if end == bytes.count, parts.count >= 1, end - start >= 4,
                          let near = lookup(piece, dotAfter: false, digits: false).first, near.sim >= 0.7 {
                    search(end, parts + [(near.word, 0.9 * near.sim)], weight + index.weights[Int(near.word)] * near.sim)
                }
            }
        }
        search(0, [], 0)
        return best
    }

    /// The catalogue word itself, or the one word with the same glyph shape.
    func exactOrShape(_ word: String) -> UInt32? {
        if let id = index.vocabulary[word] { return id }
        guard word.utf8.count >= 3, let same = index.shapes[OCRDistance.shapeKey(word)], same.count == 1 else { return nil }
        return same[0]
    }
}
