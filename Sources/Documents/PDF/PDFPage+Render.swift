import CPoppler
import Imaging

/// A page rendered to pixels, with the resolution it was rendered at (which may be lower than the one asked
/// for when `PDFLimits.maxPixels` capped it) and what poppler reported while drawing it (a damaged image or
/// font: the page is drawn as far as it goes).
public struct PDFRender: Sendable, Equatable {
    public var raster: Raster
    public var ppi: Double
    public var problems: [String]

    public init(raster: Raster, ppi: Double, problems: [String] = []) {
        self.raster = raster
        self.ppi = ppi
        self.problems = problems
    }
}

extension PDFPage {
    /// cairo's image surfaces stop at 32,767 pixels on a side.
    static let maxSurfaceSide = 32_767

    /// The resolution a render at `ppi` is made at: `ppi` itself, or lower when the image would pass
    /// `maxPixels` or cairo's largest surface.
    public func cappedPPI(_ ppi: Double) -> Double {
        let limit = Double(document.limits.maxPixels)
        var capped = ppi
        let pixels = size.width * size.height * (ppi / 72) * (ppi / 72)
        if pixels > limit { capped = 72 * (limit / (size.width * size.height)).squareRoot() }
        let side = Double(Self.maxSurfaceSide) * 72 / max(size.width, size.height)
        capped = min(capped, side)
        // A step down, so that rounding the size up cannot pass the limit again.
        return capped < ppi ? (capped * 1000).rounded(.down) / 1000 : ppi
    }

    /// Renders the page on white at `ppi` (capped, see `cappedPPI`), gray or RGB.
    ///
    /// poppler's screen path, not its print path: the print path drew one real list's images of text with
    /// strokes missing (clos_wijnkaart.pdf, every page), the screen path draws them as viewers show them.
    /// The screen path also hands the text it meets to the page as its text layer when the page has none
    /// yet, so the layer is made first: it is then the same whichever of reading and rendering comes first.
    public func render(ppi: Double, color: Bool = false) throws(PDFError) -> PDFRender {
        let used = cappedPPI(ppi)
        guard used > 0, used.isFinite else {
            throw PDFError(.renderFailed, file: file, page: number, "cannot be rendered at \(ppi) ppi")
        }
        let (width, height) = size.pixels(ppi: used)
        let surface = try CairoImage(width: width, height: height, file: file, page: number)
        let (_, messages) = PopplerMessages.collecting { () -> Void in
            makeTextPage()
            guard let cairo = cairo_create(surface.surface) else { return }
            defer { cairo_destroy(cairo) }
            cairo_set_source_rgb(cairo, 1, 1, 1)
            cairo_paint(cairo)
            cairo_scale(cairo, used / 72, used / 72)
            poppler_page_render(popplerPage, cairo)
        }
        return PDFRender(raster: surface.raster(color: color), ppi: used, problems: messages.errors)
    }
}

extension PDFPage {
    /// Has poppler build the page's text layer, if it has not yet: the text of an empty area costs the
    /// layer and nothing more.
    func makeTextPage() {
        var nowhere = PopplerRectangle(x1: 0, y1: 0, x2: 0, y2: 0)
        g_free(poppler_page_get_text_for_area(popplerPage, &nowhere))
    }
}

/// Sole owner of one cairo RGB image surface.
final class CairoImage {
    let surface: OpaquePointer
    let width: Int
    let height: Int

    /// cairo hands back an error surface rather than none when it cannot make one (out of memory, a size
    /// past its limits); that surface is destroyed here and the error thrown.
    init(width: Int, height: Int, file: String, page: Int) throws(PDFError) {
        guard let made = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)) else {
            throw PDFError(.renderFailed, file: file, page: page, "cannot be rendered: no memory for \(width) × \(height) pixels")
        }
        guard cairo_surface_status(made) == CAIRO_STATUS_SUCCESS else {
            let reason = String(cString: cairo_status_to_string(cairo_surface_status(made)))
            cairo_surface_destroy(made)
            throw PDFError(.renderFailed, file: file, page: page, "cannot be rendered at \(width) × \(height) pixels: \(reason)")
        }
        surface = made
        self.width = width
        self.height = height
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    /// cairo's RGB24 is one native-endian 32-bit word per pixel, 0x00RRGGBB; gray is BT.601 luma, as
    /// `Raster.grayscale()` computes it.
    func raster(color: Bool) -> Raster {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else {
            return Raster(width: width, height: height, channels: color ? 3 : 1)
        }
        let channels = color ? 3 : 1
        var pixels = [UInt8](repeating: 255, count: width * height * channels)
        pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    let word = row[x]
                    let r = Int((word >> 16) & 0xFF), g = Int((word >> 8) & 0xFF), b = Int(word & 0xFF)
                    if color {
                        let i = (y * width + x) * 3
                        out[i] = UInt8(r); out[i + 1] = UInt8(g); out[i + 2] = UInt8(b)
                    } else {
                        out[y * width + x] = UInt8((r * 299 + g * 587 + b * 114 + 500) / 1000)
                    }
                }
            }
        }
        return Raster(width: width, height: height, channels: channels, pixels: pixels)
    }
}
