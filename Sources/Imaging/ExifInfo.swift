/// The few EXIF facts Decant uses: orientation (to show the photo upright), the focal length
/// (to estimate camera intrinsics when no camera.json is given) and when the photo was taken (to
/// keep the later of two photos of one receipt).
public struct ExifInfo: Sendable, Equatable, Codable {
    public var orientation: Raster.Orientation = .up
    /// Focal length in millimetres as recorded (tag 0x920A).
    public var focalLength: Double?
    /// 35 mm-equivalent focal length (tag 0xA405): gives the field of view without knowing the sensor.
    public var focalLength35mm: Double?
    /// When the photo was taken, `yyyy-MM-ddTHH:mm:ss` in the camera's local time (tag 0x9003
    /// DateTimeOriginal, else 0x0132 DateTime).
    public var taken: String?

    public init(orientation: Raster.Orientation = .up, focalLength: Double? = nil, focalLength35mm: Double? = nil) {
        self.orientation = orientation
        self.focalLength = focalLength
        self.focalLength35mm = focalLength35mm
    }

    /// Finds the EXIF block of a JPEG (APP1 "Exif") or reads a TIFF file's own IFD0.
    /// Malformed EXIF is ignored: it must never make a readable photo fail.
    public static func read(from bytes: [UInt8]) -> ExifInfo? {
        guard let format = ImageFormat.detect(bytes) else { return nil }
        switch format {
        case .tiff: return parseTIFF(bytes[...])
        case .jpeg:
            var i = 2
            while i + 4 <= bytes.count, bytes[i] == 0xFF {
                let marker = bytes[i + 1]
                if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { i += 2; continue }
                if marker == 0xDA || marker == 0xD9 { break }
                let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
                guard length >= 2, i + 2 + length <= bytes.count else { break }
                if marker == 0xE1, length >= 8,
                   Array(bytes[(i + 4)..<(i + 10)]) == [0x45, 0x78, 0x69, 0x66, 0, 0] {
                    return parseTIFF(bytes[(i + 10)..<(i + 2 + length)])
                }
                i += 2 + length
            }
            return nil
        default: return nil
        }
    }

    static func parseTIFF(_ data: ArraySlice<UInt8>) -> ExifInfo? {
        let base = data.startIndex
        guard data.count >= 8 else { return nil }
        let little: Bool
        switch (data[base], data[base + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ o: Int) -> Int? {
            guard o >= 0, o + 2 <= data.count else { return nil }
            let a = Int(data[base + o]), b = Int(data[base + o + 1])
            return little ? a | b << 8 : a << 8 | b
        }
        func u32(_ o: Int) -> Int? {
            guard let a = u16(o), let b = u16(o + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        /// "2024:05:18 19:42:07" (ASCII, 20 bytes with its NUL, always stored at an offset).
        func timestamp(_ entry: Int) -> String? {
            guard let count = u32(entry + 4), count >= 19, let off = u32(entry + 8), off >= 0, off + 19 <= data.count else { return nil }
            let text = String(decoding: data[(base + off)..<(base + off + 19)], as: UTF8.self)
            let parts = text.split(whereSeparator: { $0 == ":" || $0 == " " })
            guard parts.count == 6, parts.allSatisfy({ $0.allSatisfy(\.isNumber) }), parts[0] != "0000" else { return nil }
            return "\(parts[0])-\(parts[1])-\(parts[2])T\(parts[3]):\(parts[4]):\(parts[5])"
        }
        func rational(_ o: Int) -> Double? {
            guard let n = u32(o), let d = u32(o + 4), d != 0 else { return nil }
            return Double(n) / Double(d)
        }
        var info = ExifInfo()
        var visited = Set<Int>()
        func walk(_ ifd: Int) {
            guard !visited.contains(ifd), visited.count < 4, let count = u16(ifd), count < 512 else { return }
            visited.insert(ifd)
            for e in 0..<count {
                let entry = ifd + 2 + e * 12
                guard let tag = u16(entry), let type = u16(entry + 2) else { return }
                switch tag {
                case 0x0112:
                    if let v = u16(entry + 8), let o = Raster.Orientation(rawValue: v) { info.orientation = o }
                case 0x920A:
                    if type == 5, let off = u32(entry + 8) { info.focalLength = rational(off) }
                case 0xA405:
                    if let v = u16(entry + 8), v > 0 { info.focalLength35mm = Double(v) }
                case 0x9003:
                    if type == 2, let t = timestamp(entry) { info.taken = t }
                case 0x0132:
                    if type == 2, info.taken == nil, let t = timestamp(entry) { info.taken = t }
                case 0x8769:
                    if let sub = u32(entry + 8) { walk(sub) }
                default: break
                }
            }
        }
        guard let first = u32(4) else { return nil }
        walk(first)
        return info
    }
}
