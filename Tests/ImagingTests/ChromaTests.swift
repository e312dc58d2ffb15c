import Foundation
import Testing
@testable import Imaging

@Suite struct ChromaTests {
    static func filled(width: Int, height: Int, _ colour: (Int, Int) -> (UInt8, UInt8, UInt8)) -> Raster {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b) = colour(x, y)
                let i = (y * width + x) * 3
                pixels[i] = r; pixels[i + 1] = g; pixels[i + 2] = b
            }
        }
        return Raster(width: width, height: height, channels: 3, pixels: pixels)
    }

    /// Neutral colours sit at 128 on both axes; cream paper is yellower than grey marble by about ten
    /// levels even where the two have almost the same luma (the case the planes are for).
    @Test func opponentPlanesOfKnownColours() throws {
        let raster = Self.filled(width: 8, height: 4) { x, _ in
            x < 4 ? (203, 194, 177) : (197, 190, 182)   // paper and marble from winelist-0103
        }
        let chroma = try #require(raster.chroma(reduction: 4))
        #expect(chroma.yellowBlue.width == 2 && chroma.yellowBlue.height == 1 && chroma.reduction == 4)
        // Yellow-blue: 128 + ((203 + 194) / 2 − 177) = 149.5 → 150 (halves away from zero); 128 + (193.5 − 182) = 139.5 → 140.
        #expect(chroma.yellowBlue.pixels == [150, 140])
        // Red-green: 128 + (203 − 194) = 137; 128 + (197 − 190) = 135.
        #expect(chroma.redGreen.pixels == [137, 135])
        let luma = raster.grayscale()
        #expect(abs(Int(luma.pixels[0]) - Int(luma.pixels[7])) <= 4)
        let grey = Self.filled(width: 5, height: 5) { x, y in x + y < 5 ? (255, 255, 255) : (20, 20, 20) }
        #expect(try #require(grey.chroma(reduction: 2)).planes.allSatisfy { $0.pixels.allSatisfy { $0 == 128 } })
        #expect(Raster(width: 4, height: 4, channels: 1).chroma() == nil)
    }

    /// Partial blocks at the right and bottom average only the pixels they hold; strong colours clamp.
    @Test func partialBlocksAndClamping() throws {
        let raster = Self.filled(width: 5, height: 3) { x, _ in x == 4 ? (0, 0, 255) : (255, 0, 0) }
        let chroma = try #require(raster.chroma(reduction: 2))
        #expect(chroma.redGreen.width == 3 && chroma.redGreen.height == 2)
        // Blue: yellow-blue 128 − 255 clamps to 0; red: 128 + 127.5 → 255.5 → clamps to 255.
        #expect(chroma.yellowBlue.pixels == [255, 255, 0, 255, 255, 0])
        #expect(chroma.redGreen.pixels == [255, 255, 128, 255, 255, 128])
    }

    /// The JPEG decoder's planes, computed row by row while it converts to gray, equal those of the
    /// colour decode, for a size that leaves partial blocks; EXIF orientation turns them as the photo.
    @Test func jpegDecodeComputesTheSamePlanesAsTheColourRaster() throws {
        let raster = Self.filled(width: 37, height: 22) { x, y in
            (UInt8(min(255, 90 + 4 * x)), UInt8(min(255, 60 + 7 * y)), UInt8((x * y) % 200 + 30))
        }
        let bytes = [UInt8](try JPEGFile.encode(raster, quality: 92))
        let colour = try ImageLoader.decode(bytes, name: "c.jpg")
        let gray = try ImageLoader.decode(bytes, name: "g.jpg", grayscale: true, chroma: true)
        let expected = try #require(colour.raster.chroma())
        #expect(gray.chroma == expected)
        #expect(gray.raster == colour.raster.grayscale())
        #expect(try ImageLoader.decode(bytes, name: "n.jpg", grayscale: true).chroma == nil)
        let fromColourLoad = try ImageLoader.decode(bytes, name: "c2.jpg", chroma: true)
        #expect(fromColourLoad.chroma == expected)
        // A gray JPEG has no colour to keep.
        let grayBytes = [UInt8](try JPEGFile.encode(raster.grayscale(), quality: 92))
        #expect(try ImageLoader.decode(grayBytes, name: "gray.jpg", chroma: true).chroma == nil)
        let turned = expected.applying(.right)
        #expect(turned.yellowBlue == expected.yellowBlue.rotated(quarterTurnsClockwise: 1) && turned.redGreen == expected.redGreen.rotated(quarterTurnsClockwise: 1))
    }
}
