import Entries
import Foundation

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
}
