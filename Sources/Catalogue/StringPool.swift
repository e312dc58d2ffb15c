import Foundation

/// Interned UTF-8 strings in one byte arena: a million-row catalogue repeats the same producers,
/// regions and countries over and over, so each distinct text is stored once and rows hold ids.
/// Id 0 is the empty string, which stands for "absent".
struct StringPool: Sendable {
    private(set) var bytes: [UInt8] = []
    /// String i is bytes[starts[i]..<starts[i + 1]].
    private(set) var starts: [UInt32] = [0, 0]
    /// Open addressing; each slot is hash << 32 | id (0 = free), so a probe needs one memory access.
    private var slots: [UInt64] = Array(repeating: 0, count: 1024)

    var count: Int { starts.count - 1 }

    init() {}

    /// Room for about `count` strings of `total` bytes without rehashing.
    mutating func reserve(strings count: Int, bytes total: Int) {
        bytes.reserveCapacity(total)
        starts.reserveCapacity(count + 2)
        var size = slots.count
        while size < count * 2 { size *= 2 }
        if size > slots.count { rehash(size) }
    }

    @inline(__always)
    static func hash(_ p: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var h: UInt32 = 2_166_136_261
        for b in p { h = (h ^ UInt32(b)) &* 16_777_619 }
        // FNV's low bits cluster on short numeric keys ("1", "2", …); mix before masking.
        h ^= h >> 16
        h = h &* 0x85EB_CA6B
        h ^= h >> 13
        return h
    }

    mutating func intern(_ text: String) -> UInt32 {
        var copy = text
        return copy.withUTF8 { intern($0) }
    }

    mutating func intern(_ p: UnsafeBufferPointer<UInt8>) -> UInt32 {
        if p.isEmpty { return 0 }
        let h = Self.hash(p)
        let (found, slot) = probe(p, h)
        if let found { return found }
        let id = UInt32(count)
        bytes.append(contentsOf: p)
        starts.append(UInt32(bytes.count))
        slots[slot] = UInt64(h) << 32 | UInt64(id)
        if count * 2 > slots.count { rehash(slots.count * 2) }
        return id
    }

    /// The id of `p` if it was interned, without adding it.
    func lookup(_ p: UnsafeBufferPointer<UInt8>) -> UInt32? {
        if p.isEmpty { return 0 }
        return probe(p, Self.hash(p)).id
    }

    @inline(__always)
    private func probe(_ p: UnsafeBufferPointer<UInt8>, _ h: UInt32) -> (id: UInt32?, slot: Int) {
        slots.withUnsafeBufferPointer { table in
            bytes.withUnsafeBufferPointer { all in
                starts.withUnsafeBufferPointer { st in
                    let mask = table.count - 1
                    var slot = Int(h) & mask
                    while true {
                        let entry = table[slot]
                        if entry == 0 { return (nil, slot) }
                        if UInt32(truncatingIfNeeded: entry >> 32) == h {
                            let id = Int(UInt32(truncatingIfNeeded: entry))
                            let s = Int(st[id]), e = Int(st[id + 1])
                            if e - s == p.count, let a = all.baseAddress, let b = p.baseAddress, memcmp(a + s, b, p.count) == 0 {
                                return (UInt32(id), slot)
                            }
                        }
                        slot = (slot + 1) & mask
                    }
                }
            }
        }
    }

    private mutating func rehash(_ size: Int) {
        var next = [UInt64](repeating: 0, count: size)
        let mask = size - 1
        for entry in slots where entry != 0 {
            var slot = Int(UInt32(truncatingIfNeeded: entry >> 32)) & mask
            while next[slot] != 0 { slot = (slot + 1) & mask }
            next[slot] = entry
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
