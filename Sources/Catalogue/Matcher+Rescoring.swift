/// A candidate label scored in full, and the row of it in the query's vintage.
extension Matcher {
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
