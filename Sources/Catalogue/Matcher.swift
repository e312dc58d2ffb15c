import Entries
import Foundation

/// One line to match: free text as printed (prices, bins and all), or an entry's cleaned name with the
/// vintage the entry parser read.
public struct MatchQuery: Sendable, Equatable {
    public var text: String
    public var vintage: Vintage?

    public init(_ text: String, vintage: Vintage? = nil) {
        self.text = text
        self.vintage = vintage
    }
}

/// Per-thread working memory for matching: dense per-label and per-word arrays reused across queries,
/// so a query allocates almost nothing. Not shareable between threads; make one per worker.
public final class MatchScratch {
    var accumulated: [Float]
    var touched: [UInt32] = []
    var wordSim: [Float]
    var wordPosition: [Int16]
    var wordStamp: [UInt32]
    var stamp: UInt32 = 0

    init(index: MatchIndex) {
        accumulated = [Float](repeating: 0, count: index.labelCount)
        wordSim = [Float](repeating: 0, count: index.words.count)
        wordPosition = [Int16](repeating: 0, count: index.words.count)
        wordStamp = [UInt32](repeating: 0, count: index.words.count)
        touched.reserveCapacity(4096)
    }
}

/// Finds an entry's wine in the catalogue.
///
/// Candidates come from an inverted index over words weighted by rarity (OCR-damaged and truncated
/// words are first mapped to catalogue words); the best few dozen labels are rescored with a
/// wine-aware similarity (producer and cuvée words outweigh generic ones, word order counts, region
/// and colour words may agree), the right vintage row of each label is picked, and a calibrated
/// model turns the evidence into the probability that the answer is right.
public struct Matcher: Sendable {
    public let catalogue: Catalogue
    let text: MatchText
    let index: MatchIndex
    let reader: QueryReader
    public var calibration: MatchCalibration
    /// Labels rescored in full per query.
    public var candidateCount = 32
    var tuning = Tuning()

    /// Weights of the rescoring; fixed numbers chosen on a development set (seed 7), not on the
    /// benchmark set.
    struct Tuning: Sendable {
        var recall: Float = 0.55
        var precision: Float = 0.35
        var order: Float = 0.10
        var exactVintage: Float = 0.15
        var correctedVintage: Float = 0.06
        var allVintages: Float = 0.08
        var unknownWordWeight: Float = 2.5
    }

    public init(catalogue: Catalogue, text: MatchText = MatchText(), calibration: MatchCalibration = .builtIn,
                runYear: Int = FieldParser.currentYear) {
        self.catalogue = catalogue
        self.text = text
        self.calibration = calibration
        self.reader = QueryReader(text: text, runYear: runYear)
        self.index = MatchIndex(catalogue: catalogue, text: text)
    }

    public func makeScratch() -> MatchScratch { MatchScratch(index: index) }

    /// Matches an entry's name (prices and vintage already taken out) in the vintage the entry gives.
    public func match(name: String, vintage: Vintage?) -> MatchResult {
        match(MatchQuery(name, vintage: vintage), scratch: makeScratch())
    }

    /// Matches a free-text line as printed on a list or a point-of-sale export.
    public func match(line: String) -> MatchResult { match(MatchQuery(line), scratch: makeScratch()) }

    public func match(_ query: MatchQuery, scratch: MatchScratch) -> MatchResult {
        evaluate(query, scratch: scratch).result
    }

    /// Matches many lines on `workers` threads (structured concurrency over contiguous chunks).
    public func match(_ queries: [MatchQuery], workers: Int = ProcessInfo.processInfo.activeProcessorCount) async -> [MatchResult] {
        let chunks = max(1, min(workers, queries.count))
        let size = (queries.count + chunks - 1) / max(chunks, 1)
        return await withTaskGroup(of: (Int, [MatchResult]).self) { group in
            for c in 0..<chunks {
                let lo = c * size, hi = min(queries.count, lo + size)
                guard lo < hi else { continue }
                group.addTask {
                    let scratch = makeScratch()
                    return (c, queries[lo..<hi].map { match($0, scratch: scratch) })
                }
            }
            var parts = [[MatchResult]](repeating: [], count: chunks)
            for await (c, part) in group { parts[c] = part }
            return parts.flatMap { $0 }
        }
    }

    // MARK: - evaluation

    struct Scored {
        var label: Int
        var row: Int
        var text: Float
        var final: Float
        var recall: Float
        var precision: Float
        var order: Float
        var producerRecall: Float
        var wineRecall: Float
        var unexplained: Float
        var missing: Float
        var fit: VintageFit
    }

    struct QueryWord {
        var resolutions: [(word: UInt32, sim: Float)]
        var weight: Float
        /// Numbers and list words: they count when a label has them, cost nothing when it has not.
        var optional: Bool
        /// Merged into the word before it (a space OCR put inside a word).
        var absorbed = false
    }

    /// The answer with the evidence behind it (the calibration is fitted on the evidence).
    func evaluate(_ query: MatchQuery, scratch: MatchScratch) -> (result: MatchResult, features: MatchFeatures?, scored: [Scored]) {
        guard index.labelCount > 0 else { return (.noMatch, nil, []) }
        let read = reader.read(query.text, vintage: query.vintage)
        let words = resolve(read.words)
        guard words.contains(where: { !$0.resolutions.isEmpty && !$0.optional }) else { return (.noMatch, nil, []) }

        // Best similarity and position per catalogue word.
        scratch.stamp &+= 1
        if scratch.stamp == 0 {
            for i in scratch.wordStamp.indices { scratch.wordStamp[i] = 0 }
            scratch.stamp = 1
        }
        let stamp = scratch.stamp
        var distinct: [UInt32] = []
        for (position, w) in words.enumerated() {
            for r in w.resolutions {
                let t = Int(r.word)
                if scratch.wordStamp[t] != stamp {
                    scratch.wordStamp[t] = stamp
                    scratch.wordSim[t] = r.sim
                    scratch.wordPosition[t] = Int16(position)
                    distinct.append(r.word)
                } else if r.sim > scratch.wordSim[t] {
                    scratch.wordSim[t] = r.sim
                    scratch.wordPosition[t] = Int16(position)
                }
            }
        }

        let candidates = retrieve(distinct, scratch: scratch)
        var scored: [Scored] = []
        scored.reserveCapacity(candidates.count)
        for label in candidates { scored.append(score(label: label, words: words, read: read, scratch: scratch)) }
        scored.sort { $0.final != $1.final ? $0.final > $1.final : $0.label < $1.label }
        guard let top = scored.first else { return (.noMatch, nil, []) }

        var features = MatchFeatures()
        features.score = top.text
        features.recall = top.recall
        features.precision = top.precision
        features.order = top.order
        features.producerRecall = top.producerRecall
        features.wineRecall = top.wineRecall
        features.unexplainedWeight = top.unexplained
        features.missingWeight = top.missing
        features.margin = scored.count > 1 ? top.final - scored[1].final : top.final
        features.vintage = top.fit
        features.rowShare = 1 / Float(max(1, index.labelRowRange(top.label).count))
        let unknown = words.filter { !$0.optional && !$0.absorbed && $0.resolutions.isEmpty }.count
        let counted = words.filter { !$0.optional && !$0.absorbed }.count
        features.unknownShare = counted == 0 ? 0 : Float(unknown) / Float(counted)

        let x = features.vector
        let p = calibration.probability(x)
        let pLabel = max(p, calibration.labelProbability(x))
        let alternatives = scored.dropFirst().prefix(3).map { candidate(for: $0) }
        // Answer the row when it is likely right, or when it is likelier right than the catalogue is
        // to lack the wine (a sure label in an uncertain vintage still beats "none").
        if top.fit == .variant {
            // The answer claims the wine, not the vintage: its confidence is the label's.
            if pLabel >= calibration.threshold {
                return (MatchResult(best: candidate(for: top), alternatives: Array(alternatives), confidence: pLabel,
                                    type: .vintageVariant), features, scored)
            }
        } else if p >= min(calibration.threshold, 1 - pLabel) {
            return (MatchResult(best: candidate(for: top), alternatives: Array(alternatives), confidence: p, type: .exact),
                    features, scored)
        }
        // Not confident in any wine: is the producer at least clear?
        let producer = Int(index.labelProducer[top.label])
        var producerWeight: Float = 0
        let range = index.labelWordRange(top.label)
        for k in range.lowerBound..<(range.lowerBound + Int(index.labelProducerWords[top.label])) {
            producerWeight += index.weights[Int(index.labelWords[k])]
        }
        if top.producerRecall >= 0.85 && producerWeight >= 4,
           scored.prefix(3).allSatisfy({ index.labelProducer[$0.label] == UInt32(producer) || $0.final < top.final - 0.05 }) {
            let name = index.producerNames[producer]
            return (MatchResult(best: MatchCandidate(wineID: "", name: name, vintage: nil, score: Double(top.final)),
                                alternatives: [candidate(for: top)] + alternatives.prefix(2), confidence: 1 - pLabel,
                                type: .producerOnly), features, scored)
        }
        return (MatchResult(best: nil, alternatives: [candidate(for: top)] + alternatives.prefix(2), confidence: 1 - pLabel, type: .none),
                features, scored)
    }

    func candidate(for s: Scored) -> MatchCandidate {
        MatchCandidate(wineID: catalogue.id(at: s.row), name: catalogue.displayName(at: s.row),
                       vintage: catalogue.vintage(at: s.row), score: Double((s.final * 1000).rounded() / 1000), row: s.row)
    }

    // MARK: - word resolution

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

    // MARK: - candidates

    /// Labels by summed weight of the query's words they hold; the best `candidateCount`.
    func retrieve(_ distinct: [UInt32], scratch: MatchScratch) -> [Int] {
        scratch.touched.removeAll(keepingCapacity: true)
        let common = UInt32(max(index.labelCount / 12, 50))
        // Very common generic words are left to rescoring when rarer words can find the label.
        let informative = distinct.filter { index.documentFrequency[Int($0)] <= common || index.weights[Int($0)] >= 1.2 }
        let used = informative.isEmpty ? distinct : informative
        index.postings.withUnsafeBufferPointer { postings in
            scratch.accumulated.withUnsafeMutableBufferPointer { acc in
                for t in used {
                    let w = index.weights[Int(t)] * scratch.wordSim[Int(t)]
                    for k in index.postingRange(Int(t)) {
                        let l = Int(postings[k])
                        if acc[l] == 0 { scratch.touched.append(UInt32(l)) }
                        acc[l] += w
                    }
                }
            }
        }
        // Keep the best candidateCount with a small min-heap.
        let k = candidateCount
        var heap: [(Float, UInt32)] = []
        heap.reserveCapacity(k)
        scratch.accumulated.withUnsafeMutableBufferPointer { acc in
            for l in scratch.touched {
                let s = acc[Int(l)]
                acc[Int(l)] = 0
                if heap.count < k {
                    heap.append((s, l))
                    var c = heap.count - 1
                    while c > 0 {
                        let p = (c - 1) / 2
                        if heap[p].0 <= heap[c].0 { break }
                        heap.swapAt(p, c); c = p
                    }
                } else if s > heap[0].0 {
                    heap[0] = (s, l)
                    var p = 0
                    while true {
                        let a = 2 * p + 1, b = a + 1
                        var m = p
                        if a < heap.count && heap[a].0 < heap[m].0 { m = a }
                        if b < heap.count && heap[b].0 < heap[m].0 { m = b }
                        if m == p { break }
                        heap.swapAt(p, m); p = m
                    }
                }
            }
        }
        return heap.map { Int($0.1) }
    }

    // MARK: - rescoring

    func score(label l: Int, words: [QueryWord], read: ReadQuery, scratch: MatchScratch) -> Scored {
        let range = index.labelWordRange(l)
        let producerEnd = range.lowerBound + Int(index.labelProducerWords[l])
        var found: Float = 0, total: Float = 0, producerFound: Float = 0, producerTotal: Float = 0
        var orderHit: Float = 0, orderTotal: Float = 0
        var previous: (position: Int16, weight: Float)? = nil
        let stamp = scratch.stamp
        for k in range {
            let t = Int(index.labelWords[k])
            let w = index.weights[t]
            total += w
            let m: Float = scratch.wordStamp[t] == stamp ? scratch.wordSim[t] : 0
            found += w * m
            if k < producerEnd { producerTotal += w; producerFound += w * m }
            if k == producerEnd { previous = nil }
            if m > 0 {
                let position = scratch.wordPosition[t]
                if let p = previous {
                    let pairWeight = min(p.weight, w)
                    orderTotal += pairWeight
                    if position > p.position && position - p.position <= 2 { orderHit += pairWeight }
                }
                previous = (position, w)
            }
        }
        let recall = total > 0 ? found / total : 0
        let producerRecall = producerTotal > 0 ? producerFound / producerTotal : 1
        let wineRecall = total - producerTotal > 0 ? (found - producerFound) / (total - producerTotal) : producerRecall
        let order = orderTotal > 0 ? orderHit / orderTotal : 1

        // Precision: how much of the query this label explains (its region and colour words count too).
        let context = index.labelContextRange(l)
        var explained: Float = 0, weightSum: Float = 0
        for w in words where !w.absorbed {
            var best: Float = 0
            for r in w.resolutions {
                if r.sim <= best { continue }
                var hit = false
                for k in range where index.labelWords[k] == r.word { hit = true; break }
                if !hit { for k in context where index.labelContext[k] == r.word { hit = true; break } }
                if hit { best = r.sim }
            }
            if w.optional && best == 0 { continue }
            explained += w.weight * best
            weightSum += w.weight
        }
        let precision = weightSum > 0 ? explained / weightSum : 0
        let text = tuning.recall * recall + tuning.precision * precision + tuning.order * order

        // The row in the query's vintage, else the nearest.
        let (row, fit, strength) = pickRow(label: l, read: read)
        var bonus: Float = 0
        switch fit {
        case .exact: bonus = tuning.exactVintage * min(1, strength * strength)
        case .corrected: bonus = tuning.correctedVintage * min(1, strength * 2)
        case .allVintages: bonus = tuning.allVintages
        case .unspecified, .variant: bonus = 0
        }
        return Scored(label: l, row: row, text: text, final: text + bonus, recall: recall, precision: precision,
                      order: order, producerRecall: producerRecall, wineRecall: wineRecall, unexplained: weightSum - explained,
                      missing: total - found, fit: fit)
    }

    func pickRow(label l: Int, read: ReadQuery) -> (row: Int, fit: VintageFit, strength: Float) {
        let rows = index.labelRowRange(l)
        let all = catalogue.rows
        var bestRow = -1
        var bestStrength: Float = 0
        var everyVintage = -1
        for k in rows {
            let r = Int(index.labelRows[k])
            let v = all[r].vintage
            if v == CatalogueRow.noVintage { everyVintage = r; continue }
            for e in read.vintages where e.code == v && e.strength > bestStrength {
                bestStrength = e.strength
                bestRow = r
            }
        }
        if bestRow >= 0 { return (bestRow, .exact, bestStrength) }
        if !read.damagedYears.isEmpty {
            var corrected = -1
            var strength: Float = 0
            for k in rows {
                let r = Int(index.labelRows[k])
                let v = all[r].vintage
                guard v > 0 else { continue }
                let year = Array(String(v).utf8)
                for d in read.damagedYears where d.strength > strength {
                    let distance = year.withUnsafeBufferPointer { y in d.digits.withUnsafeBufferPointer { OCRDistance.distance($0, y, limit: 1) } }
                    if distance <= 1 { corrected = r; strength = d.strength }
                }
            }
            if corrected >= 0 { return (corrected, .corrected, strength) }
        }
        if everyVintage >= 0 { return (everyVintage, .allVintages, 1) }
        let first = Int(index.labelRows[rows.lowerBound])
        // Only a clearly read year that the label lacks makes a vintage variant; a garbled or
        // doubtful one ("'0 )", a bare "15" that may be a price) leaves the vintage unknown.
        guard let wanted = read.strongestVintage, wanted.strength >= 0.85 else { return (first, .unspecified, 0) }
        // The catalogue lacks the vintage: the nearest year stands in (a vintage variant).
        var nearest = first
        var gap = Int.max
        for k in rows {
            let r = Int(index.labelRows[k])
            let v = Int(all[r].vintage)
            let g = wanted.code < 0 || v < 0 ? (v < 0 && wanted.code < 0 ? 0 : 1000) : abs(v - Int(wanted.code))
            if g < gap { gap = g; nearest = r }
        }
        return (nearest, .variant, 0)
    }
}

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
