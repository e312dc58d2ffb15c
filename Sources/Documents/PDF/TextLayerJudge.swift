/// Decides a page's verdict from what reading and checking its text layer found.
///
/// Each problem is either mended in place or sends the page to OCR; the line between them is a share of the
/// page's glyphs, because a few odd glyphs (an icon font's wine glass, a stray white page number) are the
/// list's decoration, while many mean the layer is not the text a reader sees.
enum TextLayerJudge {
    /// Above this share of glyphs without a Unicode mapping the layer is not the page's text. Below it the
    /// unmapped glyphs are dropped: icon and symbol fonts map to private use, and a list's bullets and
    /// pictograms are not wine.
    static let unmappedShare = 0.10
    /// Above this share of glyphs in words that do not show, the layer is not what a reader sees: what
    /// shows is a picture (of the same text, or not) or nothing. Below it, blank words are dropped (a white
    /// page number, an old price under a white box) and covered ones kept (`InkAgreement.removeHidden`).
    static let hiddenShare = 0.30

    /// `glyphs`: glyphs poppler gave; `layer`: after mending and the ink check; `ink`: the ink check's
    /// tally (empty when it did not run); `blank`: nothing is drawn on the page.
    static func verdict(aligned: Bool, glyphs: Int, layer: PDFTextLayer, ink: InkAgreement.Tally,
                        blank: Bool = false) -> TextLayerVerdict {
        guard aligned else {
            return TextLayerVerdict(.misaligned, "poppler's text and its character boxes differ in length, so no word's box can be trusted")
        }
        guard glyphs > 0 else {
            return TextLayerVerdict(.none, blank ? "a blank page" : "no text layer: a scan, or text drawn as outlines or images")
        }
        let unmapped = layer.repairs.unmappedGlyphs
        if Double(unmapped) > unmappedShare * Double(glyphs) {
            return TextLayerVerdict(.unmappedGlyphs, "\(unmapped) of \(glyphs) glyphs (\(percent(unmapped, glyphs))) have no Unicode mapping")
        }
        let unseen = ink.blank + ink.covered
        if ink.checked > 0, Double(unseen) > hiddenShare * Double(ink.checked) {
            if ink.blank >= ink.covered {
                return TextLayerVerdict(.hiddenText, "\(ink.blank) of \(ink.checked) glyphs (\(percent(ink.blank, ink.checked))) are in words with nothing drawn where they stand (white or invisible text)")
            }
            return TextLayerVerdict(.coveredText, "\(ink.covered) of \(ink.checked) glyphs (\(percent(ink.covered, ink.checked))) are in words whose glyphs do not show: a picture is drawn where they stand (an image of the text over invisible text, or an image over the text)")
        }
        if layer.isEmpty {
            return TextLayerVerdict(.none, "the text layer holds no word that shows (\(glyphs) glyphs)" + (blank ? " on a blank page" : ""))
        }
        let mended = layer.repairs.summary
        return TextLayerVerdict(.usable, mended.isEmpty ? "" : "mended: \(mended)")
    }

    static func percent(_ part: Int, _ whole: Int) -> String {
        "\(Int((100 * Double(part) / Double(max(whole, 1))).rounded())) %"
    }
}
