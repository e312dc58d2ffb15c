/// The inverted index's vote: the few labels worth scoring in full, out of a catalogue of any size.
extension Matcher {
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
}
