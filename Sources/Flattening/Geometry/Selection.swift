/// The k-th smallest value without sorting everything (quickselect): medians and percentiles of
/// large arrays in the flattening's hot paths cost linear time instead of a full sort, and give
/// exactly the element a sort would put at that index.
enum Selection {
    /// The value a sort would put at index `rank`; reorders `values`.
    static func element<T: Comparable>(ofRank rank: Int, in values: inout [T]) -> T {
        precondition(rank >= 0 && rank < values.count)
        return values.withUnsafeMutableBufferPointer { v in
            var lo = 0, hi = v.count - 1
            while hi > lo {
                // Median of three as the pivot: sorted or constant runs stay linear.
                let mid = lo + (hi - lo) / 2
                if v[mid] < v[lo] { v.swapAt(mid, lo) }
                if v[hi] < v[lo] { v.swapAt(hi, lo) }
                if v[hi] < v[mid] { v.swapAt(hi, mid) }
                let pivot = v[mid]
                var i = lo, j = hi
                while i <= j {
                    while v[i] < pivot { i += 1 }
                    while pivot < v[j] { j -= 1 }
                    if i <= j { v.swapAt(i, j); i += 1; j -= 1 }
                }
                // Now v[lo...j] ≤ pivot ≤ v[i...hi], and anything between equals the pivot.
                if rank <= j { hi = j } else if rank >= i { lo = i } else { return v[rank] }
            }
            return v[rank]
        }
    }

    /// The brightest gray level with at least `needed` pixels at it or brighter, walking a 256-bin
    /// histogram down from white (`count(v)`: pixels at level v); 0 when the pixels run out first.
    /// Paper levels are a high rank of a region's pixels, and a histogram finds one without a copy.
    static func brightestLevel(reaching needed: Int, count: (Int) -> Int) -> Int {
        var seen = 0
        for v in stride(from: 255, to: 0, by: -1) {
            seen += count(v)
            if seen >= needed { return v }
        }
        return 0
    }
}
