/// Interned UTF-8 strings in one byte arena: a million-row catalogue repeats the same producers,
/// regions and countries over and over, so each distinct text is stored once and rows hold ids.
/// Id 0 is the empty string, which stands for "absent".
struct StringPool: Sendable {
    private(set) var bytes: [UInt8] = []
    /// String i is bytes[starts[i]..<starts[i + 1]].
    private(set) var starts: [UInt32] = [0, 0]
    /// Open addressing over ids (0 = free slot); capacity is a power of two.
    private var slots: [UInt32] = Array(repeating: 0, count: 1024)
    private var hashes: [UInt32] = [0]

    var count: Int { starts.count - 1 }

    init() {}

    @inline(__always)
    static func hash(_ p: UnsafeBufferPointer<UInt8>) -> UInt32 {
        // FNV-1a: short keys, no allocation, good enough spread for linear probing.
        var h: UInt32 = 2_166_136_261
        for b in p { h = (h ^ UInt32(b)) &* 16_777_619 }
        return h == 0 ? 1 : h
    }

    mutating func intern(_ text: String) -> UInt32 {
        var copy = text
        return copy.withUTF8 { intern($0) }
    }

    mutating func intern(_ p: UnsafeBufferPointer<UInt8>) -> UInt32 {
        if p.isEmpty { return 0 }
        let h = Self.hash(p)
        let mask = slots.count - 1
        var slot = Int(h) & mask
        while true {
            let id = slots[slot]
            if id == 0 { break }
            if hashes[Int(id)] == h && equals(id, p) { return id }
            slot = (slot + 1) & mask
        }
        let id = UInt32(count)
        bytes.append(contentsOf: p)
        starts.append(UInt32(bytes.count))
        hashes.append(h)
        slots[slot] = id
        if count * 2 > slots.count { grow() }
        return id
    }

    /// The id of `text` if it was interned, without adding it.
    func lookup(_ p: UnsafeBufferPointer<UInt8>) -> UInt32? {
        if p.isEmpty { return 0 }
        let h = Self.hash(p)
        let mask = slots.count - 1
        var slot = Int(h) & mask
        while true {
            let id = slots[slot]
            if id == 0 { return nil }
            if hashes[Int(id)] == h && equals(id, p) { return id }
            slot = (slot + 1) & mask
        }
    }

    private func equals(_ id: UInt32, _ p: UnsafeBufferPointer<UInt8>) -> Bool {
        let s = Int(starts[Int(id)]), e = Int(starts[Int(id) + 1])
        guard e - s == p.count else { return false }
        return bytes.withUnsafeBufferPointer { all in
            var i = 0
            while i < p.count { if all[s + i] != p[i] { return false }; i += 1 }
            return true
        }
    }

    private mutating func grow() {
        var next = [UInt32](repeating: 0, count: slots.count * 2)
        let mask = next.count - 1
        for id in 1..<UInt32(count) {
            var slot = Int(hashes[Int(id)]) & mask
            while next[slot] != 0 { slot = (slot + 1) & mask }
            next[slot] = id
        }
        slots = next
    }

    func string(_ id: UInt32) -> String {
        if id == 0 { return "" }
        let s = Int(starts[Int(id)]), e = Int(starts[Int(id) + 1])
        return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[s..<e]), as: UTF8.self) }
    }

    func optionalString(_ id: UInt32) -> String? { id == 0 ? nil : string(id) }
}
