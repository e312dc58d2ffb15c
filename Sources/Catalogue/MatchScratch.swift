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
