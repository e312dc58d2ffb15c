import CPangoCairo
import Foundation

/// A PDF written object by object: for inputs cairo will not make (a font without a Unicode mapping, a
/// page that points at nothing, a page a kilometre wide, a thousand pages).
public struct HandWrittenPDF {
    public init() {}

    public private(set) var objects: [String] = []

    /// Adds an object and returns its number.
    @discardableResult
    public mutating func add(_ body: String) -> Int {
        objects.append(body)
        return objects.count
    }

    public static func stream(_ content: String, dictionary: String = "") -> String {
        "<< /Length \(content.utf8.count) \(dictionary) >>\nstream\n\(content)\nendstream"
    }

    /// Header, objects, cross-reference table and trailer; object 1 must be the catalog.
    public func bytes() -> [UInt8] {
        var out = Array("%PDF-1.7\n".utf8)
        var offsets: [Int] = []
        for (index, body) in objects.enumerated() {
            offsets.append(out.count)
            out += Array("\(index + 1) 0 obj\n\(body)\nendobj\n".utf8)
        }
        let xref = out.count
        var table = "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { table += String(format: "%010d 00000 n \n", offset) }
        table += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return out + Array(table.utf8)
    }

    public static let helvetica = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"

    /// A document of pages that all have `mediaBox` and the fonts /F1 (`font`, a font dictionary) and /F2
    /// (plain Helvetica).
    public static func document(pages: [String], font: String = helvetica, mediaBox: String = "[0 0 612 792]") -> [UInt8] {
        var pdf = HandWrittenPDF()
        pdf.add("<< /Type /Catalog /Pages 2 0 R >>")
        let firstPage = 5
        let kids = pages.indices.map { "\(firstPage + 2 * $0) 0 R" }.joined(separator: " ")
        pdf.add("<< /Type /Pages /Kids [\(kids)] /Count \(pages.count) >>")
        pdf.add(font)
        pdf.add(helvetica)
        for content in pages {
            let page = pdf.objects.count + 1
            pdf.add("<< /Type /Page /Parent 2 0 R /MediaBox \(mediaBox) /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents \(page + 1) 0 R >>")
            pdf.add(stream(content))
        }
        return pdf.bytes()
    }
}

/// PDFs drawn with cairo's PDF surface, as a producer would write them.
public enum CairoPDF {
    /// A PDF of one page `width` × `height` points per drawing in `pages`, written to `path`.
    public static func write(to path: String, width: Double = 595, height: Double = 842,
                      pages: [(OpaquePointer) -> Void]) {
        let surface = cairo_pdf_surface_create(path, width, height)
        let cairo = cairo_create(surface)
        for draw in pages {
            draw(cairo!)
            cairo_show_page(cairo)
        }
        cairo_destroy(cairo)
        cairo_surface_finish(surface)
        cairo_surface_destroy(surface)
    }

    /// Draws `text` with cairo's own text API, its baseline starting at (x, y) in points from the top left.
    public static func show(_ cairo: OpaquePointer, _ text: String, x: Double, y: Double, size: Double = 12,
                     family: String = "DejaVu Sans", bold: Bool = false) {
        cairo_select_font_face(cairo, family, CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cairo, size)
        cairo_move_to(cairo, x, y)
        cairo_show_text(cairo, text)
    }

    /// The width `text` takes in the current font of `cairo` (after `show`'s font selection).
    public static func advance(_ cairo: OpaquePointer, _ text: String, size: Double = 12, family: String = "DejaVu Sans",
                        bold: Bool = false) -> Double {
        cairo_select_font_face(cairo, family, CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cairo, size)
        var extents = cairo_text_extents_t()
        cairo_text_extents(cairo, text, &extents)
        return extents.x_advance
    }

    /// Draws `text` laid out by Pango (HarfBuzz shaping, as real producers shape), top left at (x, y).
    public static func showShaped(_ cairo: OpaquePointer, _ text: String, x: Double, y: Double, font: String = "DejaVu Serif 12") {
        guard let layout = pango_cairo_create_layout(cairo) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let description = pango_font_description_from_string(font)
        defer { pango_font_description_free(description) }
        pango_layout_set_font_description(layout, description)
        pango_layout_set_text(layout, text, -1)
        cairo_move_to(cairo, x, y)
        pango_cairo_show_layout(cairo, layout)
    }

    /// Draws `text` as filled outlines: the page shows it, the PDF holds no text.
    public static func outline(_ cairo: OpaquePointer, _ text: String, x: Double, y: Double, size: Double = 12) {
        cairo_select_font_face(cairo, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cairo, size)
        cairo_move_to(cairo, x, y)
        cairo_text_path(cairo, text)
        cairo_fill(cairo)
    }
}

