/// Finds vocabulary words within a couple of edits of a misread word without scanning the
/// vocabulary: every word's shape key is stored under the hashes of its variants with one or two
/// glyphs deleted (the symmetric-delete idea), and a query looks up its own deletion variants.
/// Two words within d insertions/deletions/substitutions share a variant with at most d deletions each.
struct DeletionIndex: Sendable {
    /// (hash of a deletion variant, word id), sorted by hash.
    private var hashes: [UInt64] = []
    private var words: [UInt32] = []

    /// Edits tolerated for a word of this many glyphs: short words would match everything.
    static func maxEdits(_ length: Int) -> Int { length >= 7 ? 2 : (length >= 4 ? 1 : 0) }

    init() {}

    init(shapes: [[UInt8]]) {
        var pairs: [(UInt64, UInt32)] = []
        pairs.reserveCapacity(shapes.count * 24)
        var scratch: [UInt8] = []
        for (id, shape) in shapes.enumerated() {
            let d = Self.maxEdits(shape.count)
            guard d > 0 else { continue }
            Self.forEachVariant(shape, maxDeletes: d, scratch: &scratch) { pairs.append(($0, UInt32(id))) }
        }
        pairs.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
        var lastHash: UInt64 = 0, lastWord: UInt32 = .max
        for (h, w) in pairs where !(h == lastHash && w == lastWord) {
            hashes.append(h)
            words.append(w)
            lastHash = h
            lastWord = w
        }
    }

    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 14_695_981_039_346_656_037
        for b in bytes { h = (h ^ UInt64(b)) &* 1_099_511_628_211 }
        return h
    }

    /// Calls `body` with the hash of the word itself and of each variant with up to `maxDeletes` glyphs removed.
    static func forEachVariant(_ word: [UInt8], maxDeletes: Int, scratch: inout [UInt8], _ body: (UInt64) -> Void) {
        word.withUnsafeBufferPointer { body(hash($0)) }
        let n = word.count
        guard maxDeletes >= 1, n > 1 else { return }
        for i in 0..<n {
            scratch.removeAll(keepingCapacity: true)
            scratch.append(contentsOf: word[0..<i])
            scratch.append(contentsOf: word[(i + 1)...])
            scratch.withUnsafeBufferPointer { body(hash($0)) }
            guard maxDeletes >= 2, n > 2 else { continue }
            for j in i..<(n - 1) {
                // Delete positions i < j' (j' = j + 1 in the original): skip from the once-deleted word.
                var twice = scratch
                twice.remove(at: j)
                twice.withUnsafeBufferPointer { body(hash($0)) }
            }
        }
    }

    /// Word ids sharing a deletion variant with `shape` (candidates: the caller checks the real distance).
    func candidates(_ shape: [UInt8], into out: inout Set<UInt32>) {
        let d = Self.maxEdits(shape.count)
        guard d > 0, !hashes.isEmpty else { return }
        var scratch: [UInt8] = []
        Self.forEachVariant(shape, maxDeletes: d, scratch: &scratch) { h in
            var lo = 0, hi = hashes.count
            while lo < hi {
                let mid = (lo + hi) >> 1
                if hashes[mid] < h { lo = mid + 1 } else { hi = mid }
            }
            while lo < hashes.count && hashes[lo] == h {
                out.insert(words[lo])
                lo += 1
            }
        }
    }
}
