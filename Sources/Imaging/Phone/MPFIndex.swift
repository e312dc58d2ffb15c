/// The Multi-Picture Format index (CIPA DC-007, APP2 `MPF\0`) of a JPEG: where each further image of
/// the file starts and how long it is. iPhones put their disparity map and portrait matte there,
/// Ultra HDR its gain map. Offsets count from the index's own TIFF header.
struct MPFIndex: Sendable, Equatable {
    struct Entry: Sendable, Equatable {
        /// MP type code (bits 0-23 of the attribute): 0x030000 baseline primary, 0x020002 a stereo
        /// disparity image, 0 undefined (what iPhones write for depth and mattes).
        var type: Int
        /// Absolute offset in the file (0 for the first image).
        var offset: Int
        var size: Int
    }

    var entries: [Entry]

    /// Nil when the JPEG has no MPF segment or it is damaged.
    init?(segments: JPEGSegments, in bytes: [UInt8]) {
        guard let payload = segments.payloads(marker: 0xE2, signature: JPEGSegments.mpfSignature, in: bytes).first,
              payload.count >= 8 else { return nil }
        let base = payload.lowerBound
        let little: Bool
        switch (bytes[base], bytes[base + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ o: Int) -> Int? {
            guard o >= 0, base + o + 2 <= payload.upperBound else { return nil }
            let a = Int(bytes[base + o]), b = Int(bytes[base + o + 1])
            return little ? a | b << 8 : a << 8 | b
        }
        func u32(_ o: Int) -> Int? {
            guard let a = u16(o), let b = u16(o + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        guard let ifd = u32(4), let count = u16(ifd), count < 64 else { return nil }
        var entryCount: Int?, listOffset: Int?, listBytes: Int?
        for k in 0..<count {
            let e = ifd + 2 + 12 * k
            guard let tag = u16(e), let n = u32(e + 4), let value = u32(e + 8) else { return nil }
            if tag == 0xB001 { entryCount = value }
            if tag == 0xB002 { listBytes = n; listOffset = value }
        }
        guard let listOffset, let listBytes, listBytes % 16 == 0 else { return nil }
        let n = min(entryCount ?? listBytes / 16, listBytes / 16)
        var entries: [Entry] = []
        for k in 0..<n {
            let e = listOffset + 16 * k
            guard let attribute = u32(e), let size = u32(e + 4), let offset = u32(e + 8) else { return nil }
            entries.append(Entry(type: attribute & 0xFFFFFF, offset: offset == 0 ? 0 : base + offset, size: size))
        }
        self.entries = entries
    }

    /// An MPF APP2 payload for images of the given sizes laid one after another, the first at the
    /// start of the file; `firstImageEnd` is where the first image ends (the others follow it).
    /// `segmentStart` is the offset the APP2 segment will have in the final file.
    static func payload(sizes: [Int], types: [Int], segmentStart: Int, firstImageEnd: Int) -> [UInt8] {
        var w = BoxWriter()  // big-endian ("MM")
        w.append(JPEGSegments.mpfSignature)
        w.append([0x4D, 0x4D, 0x00, 0x2A]); w.u32(8)
        w.u16(3)
        w.u16(0xB000); w.u16(7); w.u32(4); w.append(Array("0100".utf8))
        w.u16(0xB001); w.u16(4); w.u32(1); w.u32(sizes.count)
        w.u16(0xB002); w.u16(7); w.u32(16 * sizes.count); w.u32(8 + 2 + 36 + 4)
        w.u32(0)  // no next IFD
        let tiffStart = segmentStart + 4 + 4  // marker, length, "MPF\0"
        var offset = firstImageEnd
        for (k, size) in sizes.enumerated() {
            w.u32((k == 0 ? 0x2000_0000 : 0) | types[k])
            w.u32(size)
            w.u32(k == 0 ? 0 : offset - tiffStart)
            w.u16(0); w.u16(0)
            if k > 0 { offset += size }
        }
        return w.bytes
    }
}
