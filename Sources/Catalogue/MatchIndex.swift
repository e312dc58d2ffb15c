import Foundation

/// The catalogue as the matcher sees it: labels (producer + cuvée, every vintage of it) made of
/// interned word ids, an inverted index from word to labels, word weights by rarity, and the
/// vocabulary lookups that tolerate OCR slips and abbreviations by truncation.
///
/// Everything is flat arrays of integers (CSR layout) so a million rows index in about a second and
/// a query touches no per-row objects.
struct MatchIndex: Sendable {
    // MARK: vocabulary
    var vocabulary: [String: UInt32] = [:]
    var words: [String] = []
    var weights: [Float] = []
    var documentFrequency: [UInt32] = []
    /// Shape key → word ids whose shape it is.
    var shapes: [String: [UInt32]] = [:]
    var shapeWords: [[UInt32]] = []
    var deletions = DeletionIndex()
    /// Word ids sorted by text, for prefix lookups ("Chamb." → chambertin, chambolle).
    var sortedWords: [UInt32] = []

    // MARK: labels
    var labelCount = 0
    /// Label l's words are labelWords[labelWordStart[l]..<labelWordStart[l + 1]]: producer words first.
    var labelWordStart: [UInt32] = [0]
    var labelWords: [UInt32] = []
    var labelProducerWords: [UInt8] = []
    /// Region, country, colour and grape words: a query may add them at no cost, none is required,
    /// and a query's region or grape that this label lacks counts against it.
    var labelContextStart: [UInt32] = [0]
    var labelContext: [UInt32] = []
    /// Rows (vintages) of each label.
    var labelRowStart: [UInt32] = [0]
    var labelRows: [UInt32] = []
    var labelProducer: [UInt32] = []
    var labelWeight: [Float] = []
    var producerNames: [String] = []

    // MARK: postings
    var postingStart: [UInt32] = []
    var postings: [UInt32] = []

    init() {}

    init(catalogue: Catalogue, text: MatchText) {
        let rows = catalogue.rows
        let pool = catalogue.pool
        // Words of each distinct name, computed once per pool string.
        var tokensOf = [Int32](repeating: -1, count: pool.count)
        var tokenLists: [[UInt32]] = []
        var sequenceIDs: [String: UInt32] = [:]
        var sequenceOf = [UInt32](repeating: 0, count: pool.count)
        func wordID(_ w: String) -> UInt32 {
            if let id = vocabulary[w] { return id }
            let id = UInt32(words.count)
            vocabulary[w] = id
            words.append(w)
            return id
        }
        func tokens(_ poolID: UInt32) -> Int {
            if tokensOf[Int(poolID)] >= 0 { return Int(tokensOf[Int(poolID)]) }
            let list = poolID == 0 ? [] : text.tokens(pool.string(poolID)).map(wordID)
            let key = list.map(String.init).joined(separator: " ")
            let seq: UInt32
            if let known = sequenceIDs[key] { seq = known } else { seq = UInt32(sequenceIDs.count); sequenceIDs[key] = seq }
            sequenceOf[Int(poolID)] = seq
            tokenLists.append(list)
            tokensOf[Int(poolID)] = Int32(tokenLists.count - 1)
            return tokenLists.count - 1
        }

        // Labels: the catalogue's (folded producer, folded wine) groups.
        labelCount = catalogue.labelCount
        let rowLabel = catalogue.rowLabel
        var firstRow = [Int32](repeating: -1, count: labelCount)
        for (r, l) in rowLabel.enumerated() where firstRow[Int(l)] < 0 { firstRow[Int(l)] = Int32(r) }
        var producerIDs: [UInt32: UInt32] = [:]
        labelWords.reserveCapacity(labelCount * 8)
        // A label has a handful of words: linear scans of the label's own slice beat a Set per label.
        var context: [UInt32] = []
        for l in 0..<labelCount {
            let row = rows[Int(firstRow[l])]
            let p = tokens(row.producer), w = tokens(row.wine)
            let start = labelWords.count
            var producerWords = 0
            for t in tokenLists[p] where !labelWords[start...].contains(t) { labelWords.append(t); producerWords += 1 }
            for t in tokenLists[w] where !labelWords[start...].contains(t) { labelWords.append(t) }
            labelWordStart.append(UInt32(labelWords.count))
            labelProducerWords.append(UInt8(clamping: producerWords))
            let producerSeq = sequenceOf[Int(row.producer)]
            if let known = producerIDs[producerSeq] {
                labelProducer.append(known)
            } else {
                producerIDs[producerSeq] = UInt32(producerNames.count)
                labelProducer.append(UInt32(producerNames.count))
                producerNames.append(pool.string(row.producer))
            }
            context.removeAll(keepingCapacity: true)
            for field in [row.region, row.subregion, row.country, row.colour, row.grapes] where field != 0 {
                for t in tokenLists[tokens(field)] where !labelWords[start...].contains(t) && !context.contains(t) { context.append(t) }
            }
            context.sort()
            labelContext.append(contentsOf: context)
            labelContextStart.append(UInt32(labelContext.count))
        }

        // Rows of each label, most recent vintage first (the pick when a query gives no vintage).
        var counts = [UInt32](repeating: 0, count: labelCount + 1)
        for l in rowLabel { counts[Int(l) + 1] += 1 }
        for i in 0..<labelCount { counts[i + 1] += counts[i] }
        labelRowStart = counts
        labelRows = [UInt32](repeating: 0, count: rows.count)
        var fill = Array(counts.dropLast())
        for (r, l) in rowLabel.enumerated() { labelRows[Int(fill[Int(l)])] = UInt32(r); fill[Int(l)] += 1 }
        for l in 0..<labelCount {
            let s = Int(labelRowStart[l]), e = Int(labelRowStart[l + 1])
            if e - s > 1 { labelRows[s..<e].sort { rows[Int($0)].vintage > rows[Int($1)].vintage } }
        }

        // Rarity weights over labels, cut for generic words.
        documentFrequency = [UInt32](repeating: 0, count: words.count)
        for t in labelWords { documentFrequency[Int(t)] += 1 }
        let n = Float(max(labelCount, 1))
        weights = words.indices.map { i in
            let df = Float(documentFrequency[i])
            let idf = log(1 + n / max(df, 0.5))
            return idf * GenericWineWords.multiplier(words[i])
        }
        labelWeight = (0..<labelCount).map { l in
            var s: Float = 0
            for k in Int(labelWordStart[l])..<Int(labelWordStart[l + 1]) { s += weights[Int(labelWords[k])] }
            return s
        }

        // Postings: word → labels, labels ascending.
        var start = [UInt32](repeating: 0, count: words.count + 1)
        for t in labelWords { start[Int(t) + 1] += 1 }
        for i in 0..<words.count { start[i + 1] += start[i] }
        postingStart = start
        postings = [UInt32](repeating: 0, count: labelWords.count)
        var next = Array(start.dropLast())
        for l in 0..<labelCount {
            for k in Int(labelWordStart[l])..<Int(labelWordStart[l + 1]) {
                let t = Int(labelWords[k])
                postings[Int(next[t])] = UInt32(l)
                next[t] += 1
            }
        }

        // Vocabulary lookups: shapes, deletion variants, sorted order (context words included).
        var shapeList: [[UInt8]] = []
        var shapeIndexOf: [String: Int] = [:]
        var buffer: [UInt8] = []
        for (id, w) in words.enumerated() {
            var copy = w
            copy.withUTF8 { OCRDistance.shapeKey($0, into: &buffer) }
            let key = String(decoding: buffer, as: UTF8.self)
            if let s = shapeIndexOf[key] {
                shapeWords[s].append(UInt32(id))
            } else {
                shapeIndexOf[key] = shapeList.count
                shapeList.append(buffer)
                shapeWords.append([UInt32(id)])
            }
        }
        shapes = shapeIndexOf.mapValues { shapeWords[$0] }
        deletions = DeletionIndex(shapes: shapeList)
        sortedWords = words.indices.map(UInt32.init).sorted { words[Int($0)] < words[Int($1)] }
    }

    @inline(__always) func labelWordRange(_ l: Int) -> Range<Int> { Int(labelWordStart[l])..<Int(labelWordStart[l + 1]) }
    @inline(__always) func labelContextRange(_ l: Int) -> Range<Int> { Int(labelContextStart[l])..<Int(labelContextStart[l + 1]) }
    @inline(__always) func labelRowRange(_ l: Int) -> Range<Int> { Int(labelRowStart[l])..<Int(labelRowStart[l + 1]) }
    @inline(__always) func postingRange(_ t: Int) -> Range<Int> { Int(postingStart[t])..<Int(postingStart[t + 1]) }

    /// Word ids starting with `prefix`, most frequent first, at most `limit`.
    func words(withPrefix prefix: String, limit: Int) -> [UInt32] {
        var lo = 0, hi = sortedWords.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if words[Int(sortedWords[mid])] < prefix { lo = mid + 1 } else { hi = mid }
        }
        var found: [UInt32] = []
        while lo < sortedWords.count, words[Int(sortedWords[lo])].hasPrefix(prefix) {
            found.append(sortedWords[lo])
            lo += 1
            if found.count > 64 { break }
        }
        if found.count > limit {
            found.sort { documentFrequency[Int($0)] > documentFrequency[Int($1)] }
            found.removeLast(found.count - limit)
        }
        return found
    }
}
