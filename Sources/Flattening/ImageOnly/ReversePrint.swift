import Foundation
import Imaging
import StepTrace

/// Finds white-on-dark print (a coloured header band, a "TOTAL" label in a dark box) and turns it
/// into dark-on-light in place. Tesseract's own inverted pass (`tessedit_do_invert`) re-reads every
/// line of every page upside-down in tone, which Decant switches off for speed; inverting only the
/// few dark boxes that hold text keeps that speed and still reads them (on the Inv3DReal flat
/// renders, the inverted pass is worth 5–14 points of word-bag F1).
enum ReversePrint {
    struct Result {
        var raster: Raster
        /// Rectangles (full resolution) that were inverted.
        var regions: [PixelRect]
    }

    /// `textHeight`: median text-blob height of `gray` in pixels. `awayFromFrame`: leave dark
    /// areas that touch the image's edge, or come within about a text height of it (the closing
    /// joins them to the edge). On a scan those are the scanner's lid behind a torn receipt edge,
    /// whose jagged rim passes for white print (SROIE 366 and 594). A real panel of white print
    /// sits inside the page, inside its margin.
    static func apply(to gray: Raster, textHeight: Double, awayFromFrame: Bool = false) -> Result {
        guard gray.channels == 1, textHeight > 0 else { return Result(raster: gray, regions: []) }
        // Work at a reduction where a text blob is ~6 px: strokes are ~1 px, boxes stay solid.
        let f = max(1, Int((textHeight / 6).rounded()))
        let w = gray.width / f, h = gray.height / f
        guard w >= 16, h >= 16 else { return Result(raster: gray, regions: []) }
        // Mean of each cell finds the dark boxes; the brightest pixel of each cell finds thin white
        // strokes inside them, which the mean dims below any useful threshold.
        var small = [UInt8](repeating: 0, count: w * h)
        var brightest = [UInt8](repeating: 0, count: w * h)
        gray.pixels.withUnsafeBufferPointer { src in
            for y in 0..<h {
                for x in 0..<w {
                    var sum = 0, top: UInt8 = 0
                    for dy in 0..<f {
                        let row = (y * f + dy) * gray.width + x * f
                        for dx in 0..<f { let v = src[row + dx]; sum += Int(v); top = max(top, v) }
                    }
                    small[y * w + x] = UInt8(sum / (f * f))
                    brightest[y * w + x] = top
                }
            }
        }
        // Paper level: the tenth brightest cell (most of a page is paper).
        var cells = small
        let paper = Int(Selection.element(ofRank: small.count - small.count / 10, in: &cells))
        let darkLevel = UInt8(Double(paper) * 0.5)
        var dark = small.map { $0 < darkLevel }
        // Opening removes strokes of dark print (text, rules); closing then fills the white letters
        // of a dark box. Sizes in reduced pixels (text blob ≈ 6).
        dark = Morphology.erode(dark, width: w, height: h, radius: 2)
        dark = Morphology.dilate(dark, width: w, height: h, radius: 2)
        dark = Morphology.dilate(dark, width: w, height: h, radius: 6)
        dark = Morphology.erode(dark, width: w, height: h, radius: 6)

        var out = gray
        var regions: [PixelRect] = []
        for found in Morphology.components(dark, width: w, height: h) {
            // Large white print (a total in big type) leaves holes the closing did not fill: they
            // belong to the box too.
            let component = Morphology.filled(found, width: w)
            let box = component.box
            // At least a word's size, a filled rectangle wider than tall and a few text lines high
            // at most: a header band or a label, not a shadow, a page edge or the table.
            guard component.pixels.count >= 60, box.height >= 5, box.width >= 10 else { continue }
            if awayFromFrame, box.x == 0 || box.y == 0 || box.x + box.width >= w || box.y + box.height >= h { continue }
            guard Double(box.width) >= 1.5 * Double(box.height), box.height <= 72 else { continue }
            guard Double(component.pixels.count) >= 0.75 * Double(box.width * box.height) else { continue }
            // The box holds white print: some pixels well above the box's own level, laid out as
            // text-sized specks, while most of it stays dark (a bold black heading, closed into a
            // block, is lighter than that between its letters).
            var levels = component.pixels.map { small[$0] }
            levels.sort()
            let median = Double(levels[levels.count / 2])
            guard Double(paper) - median >= 60 else { continue }
            let darkFraction = Double(levels.filter { $0 < darkLevel }.count) / Double(levels.count)
            guard darkFraction >= 0.7 else { continue }
            let bright = UInt8(min(255, median + 0.4 * (Double(paper) - median)))
            let light = component.pixels.filter { brightest[$0] >= bright }.count
            let lightFraction = Double(light) / Double(levels.count)
            guard lightFraction >= 0.03 && lightFraction <= 0.35 else { continue }
            let specks = Morphology.countSpecks(brightest, in: component, width: w, threshold: bright, minHeight: 2, maxHeight: 14)
            guard specks >= 2 else { continue }
            // Invert the box (in full resolution): its dark level becomes paper, its white print
            // ink. Cells touching it hold the box's edge: their dark pixels become paper too, so no
            // dark frame is left for Tesseract to take for a picture. Cells further away (the
            // corners of a box that is not a full rectangle) may hold print and are left alone.
            let inBox = Morphology.mask(of: component.pixels, in: box, width: w)
            func member(_ bx: Int, _ by: Int) -> Bool {
                bx >= 0 && by >= 0 && bx < box.width && by < box.height && inBox[by * box.width + bx]
            }
            let cut = Int(darkLevel)
            out.pixels.withUnsafeMutableBufferPointer { dst in
                for cy in max(0, box.y - 1)...min(h - 1, box.maxY) {
                    for cx in max(0, box.x - 1)...min(w - 1, box.maxX) {
                        let bx = cx - box.x, by = cy - box.y
                        let inside = member(bx, by)
                        let edge = !inside && (-1...1).contains { dy in (-1...1).contains { dx in member(bx + dx, by + dy) } }
                        guard inside || edge else { continue }
                        for dy in 0..<f {
                            let row = (cy * f + dy) * gray.width + cx * f
                            for dx in 0..<f {
                                let v = dst[row + dx]
                                if inside { dst[row + dx] = 255 &- v } else if Int(v) < cut { dst[row + dx] = UInt8(paper) }
                            }
                        }
                    }
                }
            }
            regions.append(PixelRect(x: box.x * f, y: box.y * f, width: box.width * f, height: box.height * f))
        }
        return Result(raster: out, regions: regions)
    }
}

extension ImageRectifier {
    /// The reverse-print step as both paths run it (photos, and flat scans with `awayFromFrame`),
    /// so pages.json says the same of it whichever path a page took.
    func invertReversePrint(_ gray: inout Raster, textHeight: Double, awayFromFrame: Bool,
                            steps: inout StepLog, clock: inout StepTimer) {
        guard options.reversePrint, textHeight > 0 else { return }
        let reversed = ReversePrint.apply(to: gray, textHeight: textHeight, awayFromFrame: awayFromFrame)
        if !reversed.regions.isEmpty {
            gray = reversed.raster
            // Six boxes are enough to find them on a `--save-flattened` page.
            steps[.reversePrint] = "inverted \(reversed.regions.count) dark box(es): "
                + reversed.regions.prefix(6).map { "\($0.width)x\($0.height)@\($0.x),\($0.y)" }.joined(separator: " ")
        }
        clock.lap(.reversePrint, into: &steps)
    }
}
