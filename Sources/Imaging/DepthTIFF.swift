/// Single-channel depth TIFFs: 32-bit float in metres (what most depth tools export) or 16-bit
/// unsigned in millimetres, uncompressed, in strips or tiles. Leptonica reads neither (it keeps
/// at most 8 bits per sample of gray), so the few tags needed are read here.
enum DepthTIFF {
    struct Layout {
        var width = 0, height = 0
        var bitsPerSample = 1, samplesPerPixel = 1, sampleFormat = 1, compression = 1, predictor = 1
        var rowsPerStrip = Int.max
        var tileWidth = 0, tileHeight = 0
        var offsets: [Int] = [], byteCounts: [Int] = []
    }

    static func decodeDepth(_ bytes: [UInt8], name: String, maxPixels: Int) throws(ImagingError) -> DepthMap {
        guard bytes.count >= 8 else { throw ImagingError(.depthInvalid, file: name, "TIFF is truncated") }
        let little = bytes[0] == 0x49
        func u16(_ o: Int) -> Int? {
            guard o >= 0, o + 2 <= bytes.count else { return nil }
            let a = Int(bytes[o]), b = Int(bytes[o + 1])
            return little ? a | b << 8 : a << 8 | b
        }
        func u32(_ o: Int) -> Int? {
            guard let a = u16(o), let b = u16(o + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        let damaged = ImagingError(.depthInvalid, file: name, "TIFF structure is damaged or truncated")
        guard let ifd = u32(4), let count = u16(ifd), count < 1000 else { throw damaged }
        var layout = Layout()
        for e in 0..<count {
            let entry = ifd + 2 + e * 12
            guard let tag = u16(entry), let type = u16(entry + 2), let n = u32(entry + 4) else { throw damaged }
            let size = type == 3 ? 2 : (type == 4 ? 4 : 0)
            // Values: inline when they fit in four bytes, else at an offset.
            func values() throws(ImagingError) -> [Int] {
                guard size > 0, n > 0, n < 10_000_000 else { throw damaged }
                let base: Int
                if size * n <= 4 { base = entry + 8 } else { guard let o = u32(entry + 8) else { throw damaged }; base = o }
                var out: [Int] = []
                out.reserveCapacity(n)
                for k in 0..<n {
                    guard let v = size == 2 ? u16(base + 2 * k) : u32(base + 4 * k) else { throw damaged }
                    out.append(v)
                }
                return out
            }
            func first() throws(ImagingError) -> Int { try values()[0] }
            switch tag {
            case 256: layout.width = try first()
            case 257: layout.height = try first()
            case 258: layout.bitsPerSample = try first()
            case 259: layout.compression = try first()
            case 273, 324: layout.offsets = try values()
            case 277: layout.samplesPerPixel = try first()
            case 278: layout.rowsPerStrip = try first()
            case 279, 325: layout.byteCounts = try values()
            case 317: layout.predictor = try first()
            case 322: layout.tileWidth = try first()
            case 323: layout.tileHeight = try first()
            case 339: layout.sampleFormat = try first()
            default: break
            }
        }
        let (w, h) = (layout.width, layout.height)
        guard w > 0, h > 0 else { throw damaged }
        guard w * h <= maxPixels else {
            throw ImagingError(.tooLarge, file: name, "depth map declares \(w)x\(h) pixels, above the limit of \(maxPixels)")
        }
        guard layout.samplesPerPixel == 1 else {
            throw ImagingError(.depthInvalid, file: name, "depth TIFF has \(layout.samplesPerPixel) channels; expected 1")
        }
        let isFloat = layout.sampleFormat == 3 && layout.bitsPerSample == 32
        let isMillimetres = layout.sampleFormat == 1 && layout.bitsPerSample == 16
        guard isFloat || isMillimetres else {
            throw ImagingError(.depthInvalid, file: name,
                               "depth TIFF is \(layout.bitsPerSample)-bit \(layout.sampleFormat == 3 ? "float" : "integer"); expected 32-bit float metres or 16-bit millimetres")
        }
        guard layout.compression == 1 else {
            throw ImagingError(.depthInvalid, file: name,
                               "depth TIFF uses compression \(layout.compression); only uncompressed depth TIFFs are read (save without compression, or as 16-bit PNG millimetres)")
        }
        guard !layout.offsets.isEmpty, layout.offsets.count == layout.byteCounts.count || layout.byteCounts.isEmpty else { throw damaged }
        let bytesPerSample = layout.bitsPerSample / 8
        var mm = [Float](repeating: 0, count: w * h)
        func sample(at o: Int) -> Float {
            if isMillimetres { return Float(little ? Int(bytes[o]) | Int(bytes[o + 1]) << 8 : Int(bytes[o]) << 8 | Int(bytes[o + 1])) }
            let bits = little
                ? UInt32(bytes[o]) | UInt32(bytes[o + 1]) << 8 | UInt32(bytes[o + 2]) << 16 | UInt32(bytes[o + 3]) << 24
                : UInt32(bytes[o + 3]) | UInt32(bytes[o + 2]) << 8 | UInt32(bytes[o + 1]) << 16 | UInt32(bytes[o]) << 24
            return DepthMap.millimetres(fromMetres: Float(bitPattern: bits))
        }
        if layout.tileWidth > 0 && layout.tileHeight > 0 {
            let tw = layout.tileWidth, th = layout.tileHeight
            let across = (w + tw - 1) / tw, down = (h + th - 1) / th
            guard layout.offsets.count >= across * down else { throw damaged }
            for ty in 0..<down {
                for tx in 0..<across {
                    let base = layout.offsets[ty * across + tx]
                    guard base >= 0, base + tw * th * bytesPerSample <= bytes.count else { throw damaged }
                    for y in 0..<th where ty * th + y < h {
                        for x in 0..<tw where tx * tw + x < w {
                            mm[(ty * th + y) * w + tx * tw + x] = sample(at: base + (y * tw + x) * bytesPerSample)
                        }
                    }
                }
            }
        } else {
            let rows = min(layout.rowsPerStrip, h)
            guard rows > 0, layout.offsets.count >= (h + rows - 1) / rows else { throw damaged }
            for y in 0..<h {
                let strip = y / rows
                let o = layout.offsets[strip] + ((y - strip * rows) * w) * bytesPerSample
                guard o >= 0, o + w * bytesPerSample <= bytes.count else { throw damaged }
                for x in 0..<w { mm[y * w + x] = sample(at: o + x * bytesPerSample) }
            }
        }
        return DepthMap(width: w, height: h, millimetres: mm)
    }

    /// Little-endian, uncompressed, one strip of 32-bit floats in metres (holes as 0).
    static func encodeDepth(_ depth: DepthMap) -> [UInt8] {
        var out: [UInt8] = [0x49, 0x49, 42, 0, 8, 0, 0, 0]
        func put16(_ v: Int) { out += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func put32(_ v: Int) { out += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)] }
        let tags: [(tag: Int, type: Int, value: Int)] = [
            (256, 4, depth.width), (257, 4, depth.height), (258, 3, 32), (259, 3, 1), (262, 3, 1),
            (273, 4, 0), (277, 3, 1), (278, 4, depth.height), (279, 4, depth.width * depth.height * 4), (339, 3, 3),
        ]
        let dataOffset = 8 + 2 + tags.count * 12 + 4
        put16(tags.count)
        for t in tags {
            put16(t.tag); put16(t.type); put32(1)
            let v = t.tag == 273 ? dataOffset : t.value
            if t.type == 3 { put16(v); put16(0) } else { put32(v) }
        }
        put32(0)
        for v in depth.millimetres {
            let bits = (v / 1000).bitPattern
            out += [UInt8(bits & 0xFF), UInt8(bits >> 8 & 0xFF), UInt8(bits >> 16 & 0xFF), UInt8(bits >> 24)]
        }
        return out
    }
}
