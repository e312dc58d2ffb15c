import Testing
@testable import Imaging

@Suite struct ImageFormatTests {
    @Test func detectsFormatsByMagicBytes() {
        #expect(ImageFormat.detect([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) == .png)
        #expect(ImageFormat.detect([0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
        #expect(ImageFormat.detect([0x49, 0x49, 0x2A, 0x00]) == .tiff)
        #expect(ImageFormat.detect([0x4D, 0x4D, 0x00, 0x2A]) == .tiff)
        #expect(ImageFormat.detect(Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBP".utf8)) == .webp)
        #expect(ImageFormat.detect(Array("BM".utf8)) == .bmp)
        #expect(ImageFormat.detect(Array("P5\n".utf8)) == .pnm)
        #expect(ImageFormat.detect(Array("hello world".utf8)) == nil)
        #expect(ImageFormat.detect([]) == nil)
    }
}

@Suite struct ExifTests {
    /// A minimal JPEG prefix with an APP1 Exif block holding IFD0 orientation and an Exif sub-IFD.
    static func jpeg(orientation: UInt16, bigEndian: Bool, focal35: UInt16? = nil) -> [UInt8] {
        func u16(_ v: UInt16) -> [UInt8] { bigEndian ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func u32(_ v: UInt32) -> [UInt8] { bigEndian ? [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
            : [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8(v >> 24)] }
        var tiff: [UInt8] = bigEndian ? [0x4D, 0x4D, 0, 0x2A] : [0x49, 0x49, 0x2A, 0]
        tiff += u32(8)
        let entries: UInt16 = focal35 == nil ? 1 : 2
        tiff += u16(entries)
        tiff += u16(0x0112) + u16(3) + u32(1) + u16(orientation) + [0, 0]
        if focal35 != nil {
            let subOffset = UInt32(8 + 2 + Int(entries) * 12 + 4)
            tiff += u16(0x8769) + u16(4) + u32(1) + u32(subOffset)
        }
        tiff += u32(0)
        if let focal35 {
            tiff += u16(1) + u16(0xA405) + u16(3) + u32(1) + u16(focal35) + [0, 0] + u32(0)
        }
        let payload: [UInt8] = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + [0xFF, 0xD9]
    }

    @Test(arguments: [false, true])
    func readsOrientationInBothByteOrders(bigEndian: Bool) {
        let info = ExifInfo.read(from: Self.jpeg(orientation: 6, bigEndian: bigEndian))
        #expect(info?.orientation == .right)
    }

    @Test func readsFocalLengthFromTheExifSubIFD() {
        let info = ExifInfo.read(from: Self.jpeg(orientation: 1, bigEndian: false, focal35: 26))
        #expect(info?.focalLength35mm == 26)
    }

    @Test func malformedExifIsIgnored() {
        var bytes = Self.jpeg(orientation: 6, bigEndian: false)
        bytes.removeLast(12)
        // Truncated: must not crash; orientation may or may not be found, but nothing throws.
        _ = ExifInfo.read(from: bytes)
        #expect(ExifInfo.read(from: [0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF]) == nil)
    }
}
