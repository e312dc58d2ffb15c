import Testing
@testable import Imaging

/// When a photo was taken, from a made-up EXIF block (big-endian TIFF, DateTimeOriginal in the Exif IFD).
@Suite("EXIF capture time")
struct ExifTakenTests {
    func tiff(dateTag: UInt16, date: String) -> [UInt8] {
        var b: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8]
        func u16(_ v: UInt16) { b += [UInt8(v >> 8), UInt8(v & 0xFF)] }
        func u32(_ v: UInt32) { b += [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
        // IFD0 at 8: one entry pointing at the Exif IFD at 26.
        u16(1); u16(0x8769); u16(4); u32(1); u32(26); u32(0)
        // Exif IFD at 26: one ASCII entry of 20 bytes at 44.
        u16(1); u16(dateTag); u16(2); u32(20); u32(44); u32(0)
        b += Array(date.utf8) + [0]
        return b
    }

    @Test func dateTimeOriginalIsRead() {
        #expect(ExifInfo.parseTIFF(tiff(dateTag: 0x9003, date: "2026:03:14 18:17:42")[...])?.taken == "2026-03-14T18:17:42")
    }

    @Test func anEmptyDateIsNone() {
        #expect(ExifInfo.parseTIFF(tiff(dateTag: 0x9003, date: "0000:00:00 00:00:00")[...])?.taken == nil)
        #expect(ExifInfo.parseTIFF(tiff(dateTag: 0x9003, date: "    :  :     :  :  ")[...])?.taken == nil)
    }
}
