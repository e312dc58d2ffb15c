/// HEVC's depth representation information (SEI payload 177), as a HEIF depth auxiliary image carries
/// it in its `auxC` box after the type: what the stored numbers mean (depth or disparity, uniform or
/// not) and the range they span. libheif 1.15 parses it for `urn:mpeg:hevc:2015:auxid:2` only; the
/// same bytes are parsed here for the MPEG-B depth type, and written for the HEIC test corpus.
public struct DepthRepresentationInfo: Sendable, Equatable, Codable {
    public enum Kind: Int, Sendable, Codable {
        case uniformInverseDepth = 0, uniformDisparity = 1, uniformDepth = 2, nonuniformDisparity = 3
    }
    public var kind: Kind
    public var zNear: Double?
    public var zFar: Double?
    public var dMin: Double?
    public var dMax: Double?
    public var disparityReferenceView: Int

    public init(kind: Kind, zNear: Double? = nil, zFar: Double? = nil, dMin: Double? = nil, dMax: Double? = nil,
                disparityReferenceView: Int = 0) {
        self.kind = kind
        self.zNear = zNear; self.zFar = zFar; self.dMin = dMin; self.dMax = dMax
        self.disparityReferenceView = disparityReferenceView
    }

    /// Parses the `auxC` subtype bytes: a 32-bit length, then NAL units each with a 32-bit size; the
    /// first prefix or suffix SEI holding payload 177 is read. Nil when there is none or it is damaged.
    static func parse(auxSubtype data: [UInt8]) -> DepthRepresentationInfo? {
        guard data.count >= 4 + 4 + 2 + 2 else { return nil }
        let total = min(Int(ISOBox.readUInt32(data, 0)), data.count - 4)
        var i = 4
        while i + 4 + 2 + 2 <= 4 + total {
            let nalSize = Int(ISOBox.readUInt32(data, i))
            let nal = i + 4
            guard nalSize >= 4, nal + nalSize <= data.count else { return nil }
            let type = Int(data[nal] >> 1) & 0x3F
            if type == 39 || type == 40 {
                let rbsp = removeEmulationPrevention(Array(data[(nal + 2)..<(nal + nalSize)]))
                var r = BitReader(rbsp)
                // SEI payload type and size, each a run of 0xFF bytes plus a last byte.
                var payloadType = 0, byte = 255
                while byte == 255 { guard let b = r.bits(8) else { return nil }; byte = b; payloadType += b }
                byte = 255
                while byte == 255 { guard let b = r.bits(8) else { return nil }; byte = b }
                if payloadType == 177 { return read(&r) }
            }
            i = nal + nalSize
        }
        return nil
    }

    private static func read(_ r: inout BitReader) -> DepthRepresentationInfo? {
        guard let nearFlag = r.bits(1), let farFlag = r.bits(1), let minFlag = r.bits(1), let maxFlag = r.bits(1),
              let type = r.unsignedExpGolomb(), let kind = Kind(rawValue: type) else { return nil }
        var info = DepthRepresentationInfo(kind: kind)
        if minFlag == 1 || maxFlag == 1 {
            guard let view = r.unsignedExpGolomb() else { return nil }
            info.disparityReferenceView = view
        }
        func element() -> Double? {
            guard let sign = r.bits(1), let exponent = r.bits(7), let lengthMinus1 = r.bits(5),
                  let mantissa = r.bits(lengthMinus1 + 1) else { return nil }
            let length = Double(lengthMinus1 + 1)
            let magnitude = exponent > 0
                ? pow2(Double(exponent - 31)) * (1 + Double(mantissa) / pow2(length))
                : pow2(-(30 + length)) * Double(mantissa)
            return sign == 1 ? -magnitude : magnitude
        }
        if nearFlag == 1 { guard let v = element() else { return nil }; info.zNear = v }
        if farFlag == 1 { guard let v = element() else { return nil }; info.zFar = v }
        if minFlag == 1 { guard let v = element() else { return nil }; info.dMin = v }
        if maxFlag == 1 { guard let v = element() else { return nil }; info.dMax = v }
        return info
    }

    /// The `auxC` subtype bytes libheif and Apple's readers expect: one prefix SEI NAL unit (with
    /// emulation prevention) in a length-prefixed array.
    func auxSubtype() -> [UInt8] {
        var w = BitWriter()
        w.write(zNear == nil ? 0 : 1, bits: 1); w.write(zFar == nil ? 0 : 1, bits: 1)
        w.write(dMin == nil ? 0 : 1, bits: 1); w.write(dMax == nil ? 0 : 1, bits: 1)
        w.writeExpGolomb(kind.rawValue)
        if dMin != nil || dMax != nil { w.writeExpGolomb(disparityReferenceView) }
        for value in [zNear, zFar, dMin, dMax] {
            if let value { Self.writeElement(value, to: &w) }
        }
        let payload = w.finishedRBSP()
        var sei: [UInt8] = [177]
        var size = payload.count
        while size >= 255 { sei.append(255); size -= 255 }
        sei.append(UInt8(size))
        sei += payload
        sei.append(0x80)  // rbsp_trailing_bits of the SEI message
        let nal: [UInt8] = [39 << 1, 1] + Self.addEmulationPrevention(sei)
        var out = BoxWriter()
        out.u32(4 + nal.count)
        out.u32(nal.count)
        out.append(nal)
        return out.bytes
    }

    /// Sign, 7-bit exponent and a 24-bit mantissa: about 7 significant digits, as the values are
    /// written in floats by the phones that write them.
    private static func writeElement(_ value: Double, to w: inout BitWriter) {
        let magnitude = abs(value)
        // Below 2^-30 the format has no exponent left (a fixed-point mantissa): take all 32 bits there.
        let length = magnitude < pow2(-30) ? 32 : 24
        w.write(value < 0 ? 1 : 0, bits: 1)
        guard magnitude > 0, magnitude.isFinite else {
            w.write(0, bits: 7); w.write(length - 1, bits: 5); w.write(0, bits: length)
            return
        }
        var exponent = Int(magnitude.exponent) + 31
        var mantissa = Int(((magnitude / pow2(Double(exponent - 31)) - 1) * pow2(Double(length))).rounded())
        if mantissa >= 1 << length { mantissa = 0; exponent += 1 }
        if exponent <= 0 {
            // Below 2^-30: the exponent-0 form, a plain fixed-point mantissa.
            exponent = 0
            mantissa = min((1 << length) - 1, Int((magnitude * pow2(Double(30 + length))).rounded()))
        }
        w.write(min(exponent, 126), bits: 7)
        w.write(length - 1, bits: 5)
        w.write(mantissa, bits: length)
    }

    private static func pow2(_ e: Double) -> Double { Double(sign: .plus, exponent: Int(e), significand: 1) }

    static func removeEmulationPrevention(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var zeros = 0
        for b in bytes {
            if zeros >= 2 && b == 3 { zeros = 0; continue }
            out.append(b)
            zeros = b == 0 ? zeros + 1 : 0
        }
        return out
    }

    static func addEmulationPrevention(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var zeros = 0
        for b in bytes {
            if zeros >= 2 && b <= 3 { out.append(3); zeros = 0 }
            out.append(b)
            zeros = b == 0 ? zeros + 1 : 0
        }
        return out
    }
}

/// MSB-first bit reader over an RBSP; nil past the end.
struct BitReader {
    let bytes: [UInt8]
    var bit = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func bits(_ count: Int) -> Int? {
        guard count >= 0, count <= 32, bit + count <= bytes.count * 8 else { return nil }
        var value = 0
        for _ in 0..<count {
            value = value << 1 | Int(bytes[bit >> 3] >> (7 - UInt8(bit & 7)) & 1)
            bit += 1
        }
        return value
    }

    mutating func unsignedExpGolomb() -> Int? {
        var zeros = 0
        while true {
            guard let b = bits(1) else { return nil }
            if b == 1 { break }
            zeros += 1
            if zeros > 31 { return nil }
        }
        guard let rest = bits(zeros) else { return nil }
        return (1 << zeros) - 1 + rest
    }
}

/// MSB-first bit writer; `finishedRBSP` ends a payload that is not byte-aligned with a one bit and
/// zeros, as an SEI payload's alignment requires.
struct BitWriter {
    private var bytes: [UInt8] = []
    private var bit = 0

    mutating func write(_ value: Int, bits count: Int) {
        for k in stride(from: count - 1, through: 0, by: -1) {
            if bit & 7 == 0 { bytes.append(0) }
            if (value >> k) & 1 == 1 { bytes[bytes.count - 1] |= 0x80 >> UInt8(bit & 7) }
            bit += 1
        }
    }

    mutating func writeExpGolomb(_ value: Int) {
        let v = value + 1
        let length = Int.bitWidth - v.leadingZeroBitCount
        write(0, bits: length - 1)
        write(v, bits: length)
    }

    func finishedRBSP() -> [UInt8] {
        guard bit & 7 != 0 else { return bytes }
        var copy = self
        copy.write(1, bits: 1)
        return copy.bytes
    }
}
