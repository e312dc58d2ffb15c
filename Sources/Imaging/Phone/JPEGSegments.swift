/// The marker segments of a JPEG (or of a JPEG embedded in another file), located, not copied, and the
/// end of its compressed data. Depth lives in these segments (XMP, extended XMP, MPF) or right after
/// the image's end (Dynamic Depth items), so both must be found exactly.
struct JPEGSegments: Sendable {
    struct Segment: Sendable, Equatable {
        var marker: UInt8
        /// Offset of the 0xFF of the marker.
        var start: Int
        /// The segment's payload (after the two length bytes).
        var payload: Range<Int>
    }

    var segments: [Segment] = []
    /// Offset just past the EOI marker, when it was found.
    var end: Int?

    static let xmpSignature = Array("http://ns.adobe.com/xap/1.0/\u{0}".utf8)
    static let extendedXMPSignature = Array("http://ns.adobe.com/xmp/extension/\u{0}".utf8)
    static let mpfSignature: [UInt8] = [0x4D, 0x50, 0x46, 0x00]
    static let exifSignature: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]

    /// Walks the JPEG starting at `offset` (its SOI): header segments, then every scan's entropy-coded
    /// data up to EOI. Stops quietly at damage; `end` stays nil when EOI was not reached.
    init(_ bytes: [UInt8], at offset: Int = 0) {
        guard offset >= 0, offset + 4 <= bytes.count, bytes[offset] == 0xFF, bytes[offset + 1] == 0xD8 else { return }
        var i = offset + 2
        while i + 2 <= bytes.count {
            guard bytes[i] == 0xFF else {
                // Stray bytes between segments: resynchronize on the next marker.
                i += 1
                continue
            }
            let marker = bytes[i + 1]
            if marker == 0xFF { i += 1; continue }  // fill byte
            if marker == 0xD9 { end = i + 2; return }
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { i += 2; continue }
            guard i + 4 <= bytes.count else { return }
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            guard length >= 2, i + 2 + length <= bytes.count else { return }
            segments.append(Segment(marker: marker, start: i, payload: (i + 4)..<(i + 2 + length)))
            i += 2 + length
            if marker == 0xDA {
                // Entropy-coded data: runs to the next marker that is neither a stuffed 0xFF00 nor a restart.
                while i + 1 < bytes.count {
                    if bytes[i] == 0xFF, bytes[i + 1] != 0, !(0xD0...0xD7).contains(bytes[i + 1]) { break }
                    i += 1
                }
            }
        }
    }

    /// Payloads of APPn segments (`marker` 0xE0 + n) that start with `signature`, signature removed.
    func payloads(marker: UInt8, signature: [UInt8], in bytes: [UInt8]) -> [Range<Int>] {
        segments.compactMap { s in
            guard s.marker == marker, s.payload.count >= signature.count,
                  bytes[s.payload.lowerBound..<(s.payload.lowerBound + signature.count)].elementsEqual(signature) else { return nil }
            return (s.payload.lowerBound + signature.count)..<s.payload.upperBound
        }
    }

    /// The standard XMP packet (first APP1 with the XMP signature).
    func standardXMP(in bytes: [UInt8]) -> [UInt8]? {
        payloads(marker: 0xE1, signature: Self.xmpSignature, in: bytes).first.map { Array(bytes[$0]) }
    }

    /// The SOF's declared size (width, height), for a check before any pixel is decoded.
    func frameSize(in bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard let sof = segments.first(where: { (0xC0...0xCF).contains($0.marker) && ![0xC4, 0xC8, 0xCC].contains($0.marker) }),
              sof.payload.count >= 5 else { return nil }
        let p = sof.payload.lowerBound
        return (Int(bytes[p + 3]) << 8 | Int(bytes[p + 4]), Int(bytes[p + 1]) << 8 | Int(bytes[p + 2]))
    }
}

/// Writes marker segments into a JPEG for the test corpus writers.
enum JPEGSegmentWriter {
    /// One APPn segment; payloads longer than a segment allows are refused by the caller's splitting.
    static func segment(marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        precondition(payload.count + 2 <= 0xFFFF, "a JPEG segment holds at most 65533 bytes")
        let length = payload.count + 2
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }

    /// The JPEG with `segments` inserted right after SOI (and after an APP0 JFIF header when present,
    /// which readers expect first).
    static func inserting(_ segments: [UInt8], into jpeg: [UInt8]) -> [UInt8] {
        let at = insertionPoint(jpeg)
        return Array(jpeg[..<at]) + segments + Array(jpeg[at...])
    }

    /// Where new segments go: after SOI and a leading APP0.
    static func insertionPoint(_ jpeg: [UInt8]) -> Int {
        if jpeg.count > 6, jpeg[2] == 0xFF, jpeg[3] == 0xE0 { return 4 + (Int(jpeg[4]) << 8 | Int(jpeg[5])) }
        return 2
    }
}
