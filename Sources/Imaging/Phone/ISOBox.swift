/// One box of an ISO base media file (HEIF's container): its four-character type and where its
/// payload lies in the file's bytes. Boxes are located, never copied, so walking a 20 MB HEIC costs
/// nothing but the headers.
///
/// libheif 1.15 reads these files itself but does not say which transformations it applied to an
/// item, what an `auxC` box carries beside its type, or hand out an item's coded bytes; and its
/// encoder cannot attach an auxiliary image. Those few things need the boxes, so they are read here.
struct ISOBox: Sendable, Equatable {
    var type: String
    /// Offset of the box's first byte (its size field).
    var start: Int
    /// Payload: the bytes after the header (after version and flags too when `fullBox` was asked).
    var payload: Range<Int>

    /// The boxes laid end to end within `range`; a damaged size ends the walk (what was found is kept).
    static func boxes(in bytes: [UInt8], range: Range<Int>) -> [ISOBox] {
        var out: [ISOBox] = []
        var i = range.lowerBound
        while i + 8 <= range.upperBound {
            var size = Int(readUInt32(bytes, i))
            let type = fourCC(bytes, i + 4)
            var header = 8
            if size == 1 {
                guard i + 16 <= range.upperBound else { break }
                let large = readUInt64(bytes, i + 8)
                guard large <= UInt64(range.upperBound - i) else { break }
                size = Int(large)
                header = 16
            } else if size == 0 {
                size = range.upperBound - i
            }
            guard size >= header, i + size <= range.upperBound else { break }
            out.append(ISOBox(type: type, start: i, payload: (i + header)..<(i + size)))
            i += size
        }
        return out
    }

    /// The children of a box whose payload starts with `skip` bytes of its own (4 for a full box's
    /// version and flags).
    func children(in bytes: [UInt8], skip: Int = 0) -> [ISOBox] {
        guard payload.count >= skip else { return [] }
        return ISOBox.boxes(in: bytes, range: (payload.lowerBound + skip)..<payload.upperBound)
    }

    /// Version of a full box (the first payload byte).
    func version(in bytes: [UInt8]) -> Int { payload.isEmpty ? 0 : Int(bytes[payload.lowerBound]) }

    /// Flags of a full box (the three bytes after the version).
    func flags(in bytes: [UInt8]) -> Int {
        guard payload.count >= 4 else { return 0 }
        let p = payload.lowerBound
        return Int(bytes[p + 1]) << 16 | Int(bytes[p + 2]) << 8 | Int(bytes[p + 3])
    }

    static func readUInt16(_ b: [UInt8], _ i: Int) -> UInt16 { UInt16(b[i]) << 8 | UInt16(b[i + 1]) }
    static func readUInt32(_ b: [UInt8], _ i: Int) -> UInt32 {
        UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
    }
    static func readUInt64(_ b: [UInt8], _ i: Int) -> UInt64 {
        UInt64(readUInt32(b, i)) << 32 | UInt64(readUInt32(b, i + 4))
    }
    static func fourCC(_ b: [UInt8], _ i: Int) -> String {
        String(decoding: b[i..<(i + 4)].map { (0x20...0x7E).contains($0) ? $0 : 0x3F }, as: UTF8.self)
    }
}

/// A bounds-checked cursor over big-endian fields: every read of a damaged box returns nil instead of
/// trapping, so a file that lies about its sizes yields a warning, never a crash.
struct ByteCursor {
    let bytes: [UInt8]
    var position: Int
    let end: Int

    init(_ bytes: [UInt8], range: Range<Int>) {
        self.init(bytes, from: range.lowerBound, to: range.upperBound)
    }

    /// From `from` to `to`, clamped to the bytes; a start past the end gives an empty cursor (a box
    /// too short for its own header), never a trap.
    init(_ bytes: [UInt8], from: Int, to: Int) {
        self.bytes = bytes
        end = max(0, min(to, bytes.count))
        position = max(0, min(from, end))
    }

    var remaining: Int { end - position }

    mutating func uint(_ size: Int) -> UInt64? {
        guard size >= 0, size <= 8, position + size <= end else { return nil }
        var value: UInt64 = 0
        for k in 0..<size { value = value << 8 | UInt64(bytes[position + k]) }
        position += size
        return value
    }

    /// Values above 2^48 are refused: no offset or count in a real file comes near, and sums of
    /// such values could overflow.
    mutating func int(_ size: Int) -> Int? {
        guard let v = uint(size), v <= 1 << 48 else { return nil }
        return Int(v)
    }

    mutating func fourCC() -> String? {
        guard position + 4 <= end else { return nil }
        defer { position += 4 }
        return ISOBox.fourCC(bytes, position)
    }

    /// A NUL-terminated UTF-8 string (the terminator is consumed; a missing one ends at the box end).
    mutating func cString() -> String {
        var stop = position
        while stop < end, bytes[stop] != 0 { stop += 1 }
        let text = String(decoding: bytes[position..<stop], as: UTF8.self)
        position = min(end, stop + 1)
        return text
    }

    mutating func skip(_ count: Int) -> Bool {
        guard count >= 0, position + count <= end else { return false }
        position += count
        return true
    }
}

/// Builds boxes into a byte array: sizes are filled in when a box closes, so nested boxes are written
/// in one pass.
struct BoxWriter {
    private(set) var bytes: [UInt8] = []

    mutating func u8(_ v: Int) { bytes.append(UInt8(truncatingIfNeeded: v)) }
    mutating func u16(_ v: Int) { bytes += [UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)] }
    mutating func u32(_ v: Int) {
        bytes += [UInt8(truncatingIfNeeded: v >> 24), UInt8(truncatingIfNeeded: v >> 16),
                  UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)]
    }
    mutating func fourCC(_ s: String) { bytes += Array(s.utf8.prefix(4)) }
    mutating func cString(_ s: String) { bytes += Array(s.utf8) + [0] }
    mutating func append(_ data: [UInt8]) { bytes += data }

    /// Writes a box of `type` whose payload `body` writes; `fullBox` prefixes version and flags.
    mutating func box(_ type: String, fullBox: (version: Int, flags: Int)? = nil, _ body: (inout BoxWriter) -> Void) {
        let start = bytes.count
        u32(0)
        fourCC(type)
        if let fullBox {
            u8(fullBox.version)
            u8(fullBox.flags >> 16); u8(fullBox.flags >> 8); u8(fullBox.flags)
        }
        body(&self)
        let size = bytes.count - start
        bytes[start] = UInt8(truncatingIfNeeded: size >> 24)
        bytes[start + 1] = UInt8(truncatingIfNeeded: size >> 16)
        bytes[start + 2] = UInt8(truncatingIfNeeded: size >> 8)
        bytes[start + 3] = UInt8(truncatingIfNeeded: size)
    }
}
