/// Unit-cost edit distance (insert, delete, substitute), as rapidfuzz computes it for dinglehopper.
///
/// Bit-parallel (Myers 1999, in Hyyrö's blocked form): the shorter sequence is the pattern, packed
/// 64 rows to a machine word, so a page of 5,000 graphemes costs 5,000 × 79 word steps instead of
/// 25 million cells. Common prefixes and suffixes are trimmed first; they never cost an edit.
public enum Levenshtein {
    public static func distance<T: Hashable>(_ a: [T], _ b: [T]) -> Int {
        var ids: [T: Int32] = [:]
        ids.reserveCapacity(min(a.count + b.count, 4096))
        func code(_ x: T) -> Int32 {
            if let id = ids[x] { return id }
            let id = Int32(ids.count)
            ids[x] = id
            return id
        }
        return distance(codes: a.map(code), b.map(code), alphabetSize: ids.count)
    }

    /// Edit distance of two sequences already coded as small non-negative integers below `alphabetSize`.
    public static func distance(codes a: [Int32], _ b: [Int32], alphabetSize: Int) -> Int {
        var lo = 0
        while lo < a.count, lo < b.count, a[lo] == b[lo] { lo += 1 }
        var endA = a.count, endB = b.count
        while endA > lo, endB > lo, a[endA - 1] == b[endB - 1] { endA -= 1; endB -= 1 }
        let x = a[lo..<endA], y = b[lo..<endB]
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        return x.count <= y.count ? myers(pattern: x, text: y, alphabetSize: alphabetSize)
                                  : myers(pattern: y, text: x, alphabetSize: alphabetSize)
    }

    /// Column-wise computation over `text`, keeping the vertical deltas of every pattern row as bits:
    /// `pv`/`mv` mark rows where D[i][j] - D[i-1][j] is +1/-1. Row 0 is D[0][j] = j, so every block
    /// receives a horizontal delta of +1 from above in the first block.
    static func myers(pattern: ArraySlice<Int32>, text: ArraySlice<Int32>, alphabetSize: Int) -> Int {
        let m = pattern.count
        let blocks = (m + 63) / 64
        // peq[symbol * blocks + block]: bit r set when pattern row block*64+r holds symbol.
        var peq = [UInt64](repeating: 0, count: alphabetSize * blocks)
        for (r, symbol) in pattern.enumerated() {
            peq[Int(symbol) * blocks + r / 64] |= 1 << UInt64(r % 64)
        }
        var pv = [UInt64](repeating: ~0, count: blocks)
        var mv = [UInt64](repeating: 0, count: blocks)
        let lastBit: UInt64 = 1 << UInt64((m - 1) % 64)
        var score = m
        peq.withUnsafeBufferPointer { peq in
            pv.withUnsafeMutableBufferPointer { pv in
                mv.withUnsafeMutableBufferPointer { mv in
                    for symbol in text {
                        let row = Int(symbol) * blocks
                        var hin = 1 // horizontal delta entering the block from above
                        for k in 0..<blocks {
                            var eq = peq[row + k]
                            let p = pv[k], n = mv[k]
                            let xv = eq | n
                            if hin < 0 { eq |= 1 }
                            let xh = (((eq & p) &+ p) ^ p) | eq
                            var ph = n | ~(xh | p)
                            var mh = p & xh
                            let high: UInt64 = k == blocks - 1 ? lastBit : 1 << 63
                            let hout = ph & high != 0 ? 1 : (mh & high != 0 ? -1 : 0)
                            ph <<= 1
                            mh <<= 1
                            if hin < 0 { mh |= 1 } else if hin > 0 { ph |= 1 }
                            pv[k] = mh | ~(xv | ph)
                            mv[k] = ph & xv
                            hin = hout
                        }
                        score += hin
                    }
                }
            }
        }
        return score
    }

    /// Edit distance of two words or short lines (labels, merchant names), for strings this short by
    /// the two-row programme, which costs less than building the bit tables. With a `limit` it stops
    /// once every cell of a row exceeds it and returns that row's least value (more than `limit`), so
    /// a vocabulary scan for near spellings rejects most words after a few characters.
    public static func distance(_ a: String, _ b: String, limit: Int = .max) -> Int {
        let x = Array(a), y = Array(b)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            var rowMin = current[0]
            for j in 1...y.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
                rowMin = min(rowMin, current[j])
            }
            if rowMin > limit { return rowMin }
            swap(&previous, &current)
        }
        return previous[y.count]
    }

    /// The textbook two-row dynamic programme, for element types that are only Equatable.
    public static func distance<T: Equatable>(_ a: [T], _ b: [T]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = a[i - 1] == b[j - 1] ? previous[j - 1] : 1 + min(previous[j - 1], previous[j], current[j - 1])
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
