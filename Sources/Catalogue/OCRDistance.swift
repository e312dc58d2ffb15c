/// Edit distance that knows how OCR fails: confusable glyphs (l/1/i, o/0, rn/m, e/c, S/5) cost less
/// than an arbitrary substitution, so "Cha55agne" is nearer to "chassagne" than "Chabagne" is.
enum OCRDistance {
    /// Folded (lower-case) glyph pairs OCR swaps; each pair is stored both ways.
    private static let confusable: Set<UInt16> = {
        let pairs = ["l1", "li", "i1", "o0", "oc", "ec", "ao", "s5", "b8", "nr", "uv", "tf", "hb", "e6", "sz", "g9", "bh", "in", "ij", "z2", "mn"]
        var set = Set<UInt16>()
        for p in pairs {
            let b = Array(p.utf8)
            set.insert(UInt16(b[0]) << 8 | UInt16(b[1]))
            set.insert(UInt16(b[1]) << 8 | UInt16(b[0]))
        }
        return set
    }()

    private static let confusableTable: [Bool] = {
        var t = [Bool](repeating: false, count: 65536)
        for k in confusable { t[Int(k)] = true }
        return t
    }()

    static let substitution: Float = 1
    static let confusion: Float = 0.35
    static let indel: Float = 0.85

    /// Weighted Levenshtein with OCR confusions and the rn↔m / vv↔w merges; stops early above `limit`.
    static func distance(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, limit: Float = .infinity) -> Float {
        let n = a.count, m = b.count
        if n == 0 { return Float(m) * indel }
        if m == 0 { return Float(n) * indel }
        if Float(abs(n - m)) * indel > limit { return .infinity }
        let table = confusableTable
        return withUnsafeTemporaryAllocation(of: Float.self, capacity: 3 * (m + 1)) { buffer in
            // Three rows: i-2, i-1, i (the two-glyph merges look two back).
            var prev2 = UnsafeMutableBufferPointer(rebasing: buffer[0..<(m + 1)])
            var prev = UnsafeMutableBufferPointer(rebasing: buffer[(m + 1)..<(2 * m + 2)])
            var cur = UnsafeMutableBufferPointer(rebasing: buffer[(2 * m + 2)..<(3 * m + 3)])
            for j in 0...m { prev[j] = Float(j) * indel; prev2[j] = .infinity }
            for i in 1...n {
                cur[0] = Float(i) * indel
                var rowMin = cur[0]
                let ai = a[i - 1]
                for j in 1...m {
                    let bj = b[j - 1]
                    var best: Float
                    if ai == bj {
                        best = prev[j - 1]
                    } else {
                        let cost = table[Int(UInt16(ai) << 8 | UInt16(bj))] ? confusion : substitution
                        best = prev[j - 1] + cost
                    }
                    best = min(best, prev[j] + indel, cur[j - 1] + indel)
                    // "rn" read as "m" (and back), "vv" as "w".
                    if i >= 2, bj == 0x6D || bj == 0x77, a[i - 2] == (bj == 0x6D ? 0x72 : 0x76), ai == (bj == 0x6D ? 0x6E : 0x76) {
                        best = min(best, prev2[j - 1] + confusion)
                    }
                    if j >= 2, ai == 0x6D || ai == 0x77, b[j - 2] == (ai == 0x6D ? 0x72 : 0x76), bj == (ai == 0x6D ? 0x6E : 0x76) {
                        best = min(best, prev[j - 2] + confusion)
                    }
                    // Adjacent transposition.
                    if i >= 2, j >= 2, ai == b[j - 2], a[i - 2] == bj, ai != bj {
                        best = min(best, prev2[j - 2] + substitution)
                    }
                    cur[j] = best
                    rowMin = min(rowMin, best)
                }
                if rowMin > limit { return .infinity }
                let t = prev2
                prev2 = prev
                prev = cur
                cur = t
            }
            return prev[m]
        }
    }

    static func distance(_ a: String, _ b: String, limit: Float = .infinity) -> Float {
        var x = a, y = b
        return x.withUTF8 { pa in y.withUTF8 { pb in distance(pa, pb, limit: limit) } }
    }

    /// 1 for equal words, falling with the share of the longer word that had to be edited.
    static func similarity(distance: Float, _ lengthA: Int, _ lengthB: Int) -> Float {
        let longest = Float(max(lengthA, lengthB, 1))
        return max(0, 1 - distance / longest)
    }

    /// The glyph-shape form of a folded word: every confusable glyph mapped to one representative,
    /// so most single-glyph OCR slips give the same shape key as the true word.
    static func shapeKey(_ word: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        out.removeAll(keepingCapacity: true)
        var i = 0
        while i < word.count {
            var c = word[i]
            if c == 0x72, i + 1 < word.count, word[i + 1] == 0x6E { out.append(0x6D); i += 2; continue } // rn → m
            switch c {
            case 0x30: c = 0x6F          // 0 → o
            case 0x31, 0x69: c = 0x6C    // 1, i → l
            case 0x35: c = 0x73          // 5 → s
            case 0x38, 0x68: c = 0x62    // 8, h → b
            case 0x63: c = 0x65          // c → e
            case 0x75: c = 0x76          // u → v
            case 0x66: c = 0x74          // f → t
            default: break
            }
            out.append(c)
            i += 1
        }
    }

    static func shapeKey(_ word: String) -> String {
        var copy = word
        var out: [UInt8] = []
        copy.withUTF8 { shapeKey($0, into: &out) }
        return String(decoding: out, as: UTF8.self)
    }
}
