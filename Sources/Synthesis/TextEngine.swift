import CPangoCairo
import Foundation
import Imaging

/// Pango text layout and Cairo rendering. Owns one font map and one Pango context (freed in
/// `deinit`); not Sendable, because Pango objects must stay on the thread that uses them, so every
/// worker makes its own engine.
///
/// Layout happens in points with hinted metrics and glyph-position rounding switched off, so a
/// line measures the same at every rendering resolution and the composed page can be rendered at
/// any DPI without text shifting.
public final class TextEngine {
    /// Every Pango and Cairo call in the process, one at a time. Each engine has its own font map,
    /// but Cairo's FreeType glyph caches and fontconfig are shared by the process, and two engines
    /// rendering at once on different threads crashed inside libcairo (parallel tests, and
    /// `decant synth --jobs N`). Shaping and drawing text is a small part of making a photo.
    private static let pango = NSRecursiveLock()

    private let fontMap: UnsafeMutablePointer<PangoFontMap>
    private let context: OpaquePointer
    private let fontOptions: OpaquePointer

    public init() throws(SynthesisError) {
        Self.pango.lock()
        defer { Self.pango.unlock() }
        guard let map = pango_cairo_font_map_new() else { throw SynthesisError("Pango could not create a font map (is fontconfig installed?)") }
        guard let context = pango_font_map_create_context(map) else {
            g_object_unref(map)
            throw SynthesisError("Pango could not create a context")
        }
        guard let options = cairo_font_options_create() else {
            g_object_unref(UnsafeMutableRawPointer(context)); g_object_unref(map)
            throw SynthesisError("Cairo could not create font options")
        }
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        pango_context_set_round_glyph_positions(context, 0)
        self.fontMap = map
        self.context = context
        self.fontOptions = options
    }

    deinit {
        Self.pango.lock()
        defer { Self.pango.unlock() }
        cairo_font_options_destroy(fontOptions)
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(fontMap)
    }

    /// Installed font families, by the names fontconfig gives them.
    public func installedFamilies() -> Set<String> {
        Self.pango.lock()
        defer { Self.pango.unlock() }
        var families: UnsafeMutablePointer<UnsafeMutablePointer<PangoFontFamily>?>?
        var count: Int32 = 0
        pango_font_map_list_families(fontMap, &families, &count)
        defer { g_free(families) }
        var names = Set<String>()
        guard let families else { return names }
        for i in 0..<Int(count) {
            if let family = families[i], let name = pango_font_family_get_name(family) { names.insert(String(cString: name)) }
        }
        return names
    }

    /// Fails with the Debian package to install when a family the generator uses is missing
    /// (Pango would otherwise substitute another font silently).
    public func requireFamilies(_ wanted: [String]) throws(SynthesisError) {
        let installed = installedFamilies()
        let missing = wanted.filter { !installed.contains($0) }
        guard missing.isEmpty else {
            let packages = Set(missing.map(FontCatalogue.debianPackage(for:))).sorted().joined(separator: " ")
            throw SynthesisError("font famil\(missing.count == 1 ? "y" : "ies") not installed: \(missing.joined(separator: ", ")). Install with: apt-get install \(packages)")
        }
    }

    /// A fresh layout for one run of text; the caller owns it.
    private func makeLayout(_ text: String, _ font: FontSpec) -> Layout {
        let layout = Layout(pango_layout_new(context))
        let description = pango_font_description_new()
        pango_font_description_set_family(description, font.family)
        pango_font_description_set_weight(description, font.bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        pango_font_description_set_style(description, font.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        pango_font_description_set_absolute_size(description, font.sizePt * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout.pointer, description)
        pango_font_description_free(description)
        if font.letterSpacingPt != 0, let attributes = pango_attr_list_new() {
            pango_attr_list_insert(attributes, pango_attr_letter_spacing_new(Int32(font.letterSpacingPt * Double(PANGO_SCALE))))
            pango_layout_set_attributes(layout.pointer, attributes)
            pango_attr_list_unref(attributes)
        }
        pango_layout_set_single_paragraph_mode(layout.pointer, 1)
        pango_layout_set_text(layout.pointer, text, -1)
        return layout
    }

    /// Width and line box of a run, in millimetres.
    public func measure(_ text: String, font: FontSpec) -> TextExtent {
        Self.pango.lock()
        defer { Self.pango.unlock() }
        let layout = makeLayout(text, font)
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout.pointer, &ink, &logical)
        let baseline = Double(pango_layout_get_baseline(layout.pointer))
        let scale = Double(PANGO_SCALE)
        return TextExtent(width: Double(logical.width) / scale * millimetresPerPoint,
                          ascent: (baseline - Double(logical.y)) / scale * millimetresPerPoint,
                          descent: (Double(logical.y + logical.height) - baseline) / scale * millimetresPerPoint)
    }

    public func width(_ text: String, font: FontSpec) -> Double { measure(text, font: font).width }

    /// Renders the page at `dpi` as an RGB raster (the "flat" image, and the texture the camera sees).
    public func render(_ document: FlatDocument, dpi: Double) throws(SynthesisError) -> Raster {
        Self.pango.lock()
        defer { Self.pango.unlock() }
        let width = Int((document.widthMM / 25.4 * dpi).rounded())
        let height = Int((document.heightMM / 25.4 * dpi).rounded())
        guard width > 0, height > 0, width * height <= 200_000_000 else {
            throw SynthesisError("page of \(document.widthMM)×\(document.heightMM) mm at \(dpi) dpi is too large to render")
        }
        let surface = CairoSurface(width: width, height: height)
        guard let cr = cairo_create(surface.pointer) else { throw SynthesisError("Cairo could not create a drawing context") }
        defer { cairo_destroy(cr) }
        cairo_set_source_rgb(cr, document.paper.r, document.paper.g, document.paper.b)
        cairo_paint(cr)
        let scale = dpi / 72
        cairo_scale(cr, scale, scale)
        pango_cairo_update_context(cr, context)
        pango_cairo_context_set_font_options(context, fontOptions)
        defer {
            cairo_identity_matrix(cr)
            pango_cairo_update_context(cr, context)
        }
        for rule in document.rules {
            cairo_set_source_rgb(cr, rule.colour.r, rule.colour.g, rule.colour.b)
            cairo_set_line_width(cr, rule.widthMM / millimetresPerPoint)
            cairo_move_to(cr, rule.x0 / millimetresPerPoint, rule.y0 / millimetresPerPoint)
            cairo_line_to(cr, rule.x1 / millimetresPerPoint, rule.y1 / millimetresPerPoint)
            cairo_stroke(cr)
        }
        for piece in document.pieces where !piece.text.isEmpty {
            let layout = makeLayout(piece.text, piece.font)
            let baseline = Double(pango_layout_get_baseline(layout.pointer)) / Double(PANGO_SCALE)
            cairo_set_source_rgb(cr, piece.font.colour.r, piece.font.colour.g, piece.font.colour.b)
            cairo_move_to(cr, piece.x / millimetresPerPoint, piece.baseline / millimetresPerPoint - baseline)
            pango_cairo_show_layout(cr, layout.pointer)
        }
        cairo_surface_flush(surface.pointer)
        return surface.raster()
    }
}

/// Sole owner of one PangoLayout.
private final class Layout {
    let pointer: OpaquePointer
    init(_ pointer: OpaquePointer?) {
        // pango_layout_new only returns NULL for a NULL context, which TextEngine never passes.
        guard let pointer else { fatalError("pango_layout_new returned NULL") }
        self.pointer = pointer
    }
    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }
}

/// Sole owner of one Cairo image surface (RGB24).
private final class CairoSurface {
    let pointer: OpaquePointer
    let width: Int, height: Int

    init(width: Int, height: Int) {
        // Cairo returns an error surface (never NULL) on failure; sizes were checked by the caller.
        pointer = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))
        self.width = width
        self.height = height
    }

    deinit { cairo_surface_destroy(pointer) }

    func raster() -> Raster {
        let stride = Int(cairo_image_surface_get_stride(pointer))
        guard let data = cairo_image_surface_get_data(pointer) else { return Raster(width: width, height: height, channels: 3) }
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    let v = row[x], i = (y * width + x) * 3
                    out[i] = UInt8(truncatingIfNeeded: v >> 16)
                    out[i + 1] = UInt8(truncatingIfNeeded: v >> 8)
                    out[i + 2] = UInt8(truncatingIfNeeded: v)
                }
            }
        }
        return Raster(width: width, height: height, channels: 3, pixels: pixels)
    }
}
