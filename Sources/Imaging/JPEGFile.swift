internal import CLeptonica
import Foundation

/// JPEG encoding through leptonica (libjpeg). The file holds pixels only: no EXIF, no GPS, no
/// timestamps, so the same raster and quality always give the same bytes.
public enum JPEGFile {
    public static func encode(_ raster: Raster, quality: Int) throws(ImagingError) -> Data {
        let pix = Pix(raster)
        var data: UnsafeMutablePointer<UInt8>?
        var size = 0
        guard pixWriteMemJpeg(&data, &size, pix.pointer, Int32(max(1, min(100, quality))), 0) == 0, let data else {
            throw ImagingError(.unreadable, file: "(memory)", "JPEG encoding failed")
        }
        defer { lept_free(data) }
        return Data(bytes: data, count: size)
    }

    public static func write(_ raster: Raster, quality: Int, to path: String) throws(ImagingError) {
        let bytes = try encode(raster, quality: quality)
        do { try bytes.write(to: URL(fileURLWithPath: path)) } catch {
            throw ImagingError(.unreadable, file: PNGFile.fileName(path), "could not write JPEG: \(error.localizedDescription)")
        }
    }
}
