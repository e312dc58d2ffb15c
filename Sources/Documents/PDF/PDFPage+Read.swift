import CPoppler
import Imaging

extension PDFPage {
    /// Reads the page's text layer, mends it, checks it against the rendered page and says whether it can
    /// be trusted (`TextLayerVerdict`); the resolution for OCR comes with it.
    ///
    /// Throws `pageDamaged` only when poppler reported errors and the page has neither text nor anything
    /// drawn: a page that shows something is left for OCR, whatever poppler said about it.
    public func read(_ options: PDFReadOptions = PDFReadOptions()) throws(PDFError) -> PDFPageReading {
        let clock = ContinuousClock()
        let started = clock.now
        let (raw, messages) = rawTextLayer()
        let mended = TextLayerRepair.repair(raw, pageSize: size)
        let textSeconds = Self.seconds(clock.now - started)

        var layer = mended.layer
        var tally = InkAgreement.Tally()
        var problems = messages.errors
        var blank = false
        let checkStarted = clock.now
        if options.checkInk {
            let ppi = cappedPPI(options.checkPPI)
            var shown: PDFRender?
            if raw.aligned, !layer.isEmpty {
                let page = try render(ppi: ppi)
                (layer, tally) = InkAgreement.removeHidden(from: layer, page: page.raster, text: try renderTextOnly(ppi: ppi), ppi: ppi)
                shown = page
            }
            // Nothing left to read: is anything drawn at all? A blank page needs no OCR, and a blank page that
            // poppler complained about is a damaged one.
            if layer.isEmpty {
                let page: PDFRender
                if let shown { page = shown } else { page = try render(ppi: ppi) }
                shown = page
                blank = InkAgreement.isBlank(page.raster)
            }
            for problem in shown?.problems ?? [] where !problems.contains(problem) { problems.append(problem) }
            if blank, !problems.isEmpty {
                throw PDFError(.pageDamaged, file: file, page: number,
                               "is damaged and shows nothing\(PopplerMessages.cause(problems)); the other pages can be read")
            }
        }
        let checkSeconds = Self.seconds(clock.now - checkStarted)
        let verdict = TextLayerJudge.verdict(aligned: raw.aligned, glyphs: mended.glyphCount, layer: layer, ink: tally, blank: blank)
        if messages.total > messages.messages.count {
            problems.append("(\(messages.total - messages.messages.count) more messages from poppler)")
        }
        // Font sizes of a layer sent to OCR still say how large the print is, unless the layer is not the text.
        let words = verdict.kind == .misaligned ? [] : mended.layer.words
        return PDFPageReading(page: number, size: size, textLayer: layer, verdict: verdict, isBlank: blank,
                              ocrPPI: cappedPPI(OCRResolution.ppi(for: words, targetXHeight: options.targetXHeight)),
                              problems: problems, textSeconds: textSeconds, checkSeconds: checkSeconds)
    }

    /// How well each word of `layer` agrees with the page rendered at `ppi`: the correlation `InkAgreement`
    /// judges visibility by (near ±1 shows, near 0 does not), for reports and for tuning the check.
    public func visibility(of layer: PDFTextLayer, ppi: Double = 72) throws(PDFError) -> [Double] {
        let used = cappedPPI(ppi)
        let page = try render(ppi: used).raster
        let text = try renderTextOnly(ppi: used)
        return layer.words.map { InkAgreement.measure(page: page, text: text, box: $0.box.pixels(ppi: used)).correlation }
    }

    /// The text layer alone, drawn by poppler in black on white: every word's glyphs, whatever colour,
    /// render mode or clip the page gave them (poppler's selection painter, which viewers use to draw
    /// selected text).
    func renderTextOnly(ppi: Double) throws(PDFError) -> Raster {
        let (width, height) = size.pixels(ppi: ppi)
        let surface = try CairoImage(width: width, height: height, file: file, page: number)
        _ = PopplerMessages.collecting { () -> Void in
            guard let cairo = cairo_create(surface.surface) else { return }
            defer { cairo_destroy(cairo) }
            cairo_set_source_rgb(cairo, 1, 1, 1)
            cairo_paint(cairo)
            cairo_scale(cairo, ppi / 72, ppi / 72)
            var selection = PopplerRectangle(x1: 0, y1: 0, x2: size.width, y2: size.height)
            var glyph = PopplerColor(red: 0, green: 0, blue: 0)
            var background = PopplerColor(red: 0xFFFF, green: 0xFFFF, blue: 0xFFFF)
            poppler_page_render_selection(popplerPage, cairo, &selection, nil, POPPLER_SELECTION_GLYPH, &glyph, &background)
        }
        return surface.raster(color: false)
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }
}
