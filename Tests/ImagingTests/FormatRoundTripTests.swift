import CLeptonica
import Foundation
import Testing
@testable import Imaging

/// Every advertised input format decodes to the pixels it was written with (JPEG: approximately).
@Suite struct FormatRoundTripTests {
    static let raster: Raster = {
        var pixels: [UInt8] = []
        for y in 0..<24 { for x in 0..<32 { pixels += [UInt8(x * 8), UInt8(y * 10), UInt8((x + y) * 4)] } }
        return Raster(width: 32, height: 24, channels: 3, pixels: pixels)
    }()

    static func encode(_ raster: Raster, leptonicaFormat: Int32) -> [UInt8] {
        let pix = Pix(raster)
        var data: UnsafeMutablePointer<UInt8>?
        var size = 0
        guard pixWriteMem(&data, &size, pix.pointer, leptonicaFormat) == 0, let data else { return [] }
        defer { free(data) }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    @Test(arguments: [
        (IFF_TIFF_ZIP, ImageFormat.tiff), (IFF_BMP, .bmp), (IFF_PNM, .pnm), (IFF_WEBP, .webp), (IFF_JFIF_JPEG, .jpeg),
    ] as [(Int, ImageFormat)])
    func decodes(_ leptonicaFormat: Int, _ format: ImageFormat) throws {
        let bytes = Self.encode(Self.raster, leptonicaFormat: Int32(leptonicaFormat))
        try #require(!bytes.isEmpty)
        let loaded = try ImageLoader.decode(bytes, name: "x")
        #expect(loaded.format == format)
        #expect(loaded.raster.width == 32 && loaded.raster.height == 24 && loaded.raster.channels == 3)
        let lossy = format == .jpeg || format == .webp
        let worst = zip(loaded.raster.pixels, Self.raster.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= (lossy ? 40 : 0))
    }

    /// The pipeline loads gray: it must be exactly the gray the flatteners made from the colour
    /// image before, for every format and after the EXIF turn.
    @Test(arguments: [Int(IFF_JFIF_JPEG), Int(IFF_PNG), Int(IFF_TIFF_ZIP)])
    func grayLoadingEqualsConvertingTheColourImage(_ leptonicaFormat: Int) throws {
        let bytes = Self.encode(Self.raster, leptonicaFormat: Int32(leptonicaFormat))
        try #require(!bytes.isEmpty)
        let colour = try ImageLoader.decode(bytes, name: "x")
        let gray = try ImageLoader.decode(bytes, name: "x", grayscale: true)
        #expect(colour.raster.channels == 3)
        #expect(gray.raster.channels == 1)
        #expect(gray.raster == colour.raster.grayscale())
    }

    @Test func exifOrientationIsAppliedToJPEG() throws {
        let jpeg = Self.encode(Self.raster, leptonicaFormat: Int32(IFF_JFIF_JPEG))
        try #require(jpeg.count > 20)
        // Splice an APP1 Exif block (orientation 6) right after SOI.
        let app1 = Array(ExifTests.jpeg(orientation: 6, bigEndian: false).dropFirst(2).dropLast(2))
        let rotated = [UInt8](jpeg.prefix(2)) + app1 + jpeg.dropFirst(2)
        let loaded = try ImageLoader.decode(rotated, name: "r.jpg")
        #expect(loaded.exif?.orientation == .right)
        #expect(loaded.raster.width == 24 && loaded.raster.height == 32)
    }

    @Test func paletteAndAlphaImagesAreHandled() throws {
        // RGBA PNG: fully transparent pixels composite to white paper.
        let samples: [UInt16] = [255, 0, 0, 255, 0, 0, 0, 0]
        let rgba = PNGFile.Image(width: 2, height: 1, bitDepth: 8, channels: 4, samples: samples).raster()
        #expect(rgba.pixels == [255, 0, 0, 255, 255, 255])
        let sixteen = PNGFile.Image(width: 1, height: 1, bitDepth: 16, channels: 1, samples: [65535]).raster()
        #expect(sixteen.pixels == [255])
        // A colour-mapped (palette) image from leptonica decodes to plain pixels.
        let levels = (0..<16).map { UInt8($0 * 16) }
        let gray = Pix(Raster(width: 4, height: 4, channels: 1, pixels: levels))
        let mapped = try #require(Pix(taking: pixConvertGrayToColormap(gray.pointer)))
        var data: UnsafeMutablePointer<UInt8>?
        var size = 0
        try #require(pixWriteMem(&data, &size, mapped.pointer, Int32(IFF_BMP)) == 0)
        let bytes = Array(UnsafeBufferPointer(start: data, count: size))
        free(data)
        let loaded = try ImageLoader.decode(bytes, name: "palette.bmp")
        #expect(loaded.raster.pixels == levels)
    }
}
