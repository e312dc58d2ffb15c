import Foundation
import Imaging

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

    /// `textHeight`: median text-blob height of `gray` in pixels.
    static func apply(to gray: Raster, textHeight: Double) -> Result {
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
        // Paper level: a high percentile (most of a page is paper).
        var histogram = [Int](repeating: 0, count: 256)
        for v in small { histogram[Int(v)] += 1 }
        var seen = 0, paper = 255
        for v in stride(from: 255, through: 0, by: -1) {
            seen += histogram[v]
            if seen >= small.count / 10 { paper = v; break }
        }
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
            // ink. Cells just outside it hold the box's edge: their dark pixels become paper too,
            // so no dark frame is left for Tesseract to take for a picture.
            var inBox = [Bool](repeating: false, count: box.width * box.height)
            for p in component.pixels { inBox[(p / w - box.y) * box.width + (p % w - box.x)] = true }
            let cut = Int(darkLevel)
            out.pixels.withUnsafeMutableBufferPointer { dst in
                for cy in max(0, box.y - 1)...min(h - 1, box.maxY) {
                    for cx in max(0, box.x - 1)...min(w - 1, box.maxX) {
                        let bx = cx - box.x, by = cy - box.y
                        let inside = bx >= 0 && by >= 0 && bx < box.width && by < box.height && inBox[by * box.width + bx]
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

/// Binary morphology and connected components on plain Bool grids (square structuring elements,
/// separable), small enough for the reduced copies the geometry steps use.
enum Morphology {
    struct Component {
        var pixels: [Int]
        var box: PixelRect
    }

    static func erode(_ m: [Bool], width w: Int, height h: Int, radius r: Int) -> [Bool] {
        minMax(m, width: w, height: h, radius: r, erode: true)
    }

    static func dilate(_ m: [Bool], width w: Int, height h: Int, radius r: Int) -> [Bool] {
        minMax(m, width: w, height: h, radius: r, erode: false)
    }

    /// Running counts along rows then columns: O(pixels) whatever the radius. Outside the image
    /// counts as background for dilation and as foreground for erosion (boxes at the edge survive).
    private static func minMax(_ m: [Bool], width w: Int, height h: Int, radius r: Int, erode: Bool) -> [Bool] {
        guard r > 0 else { return m }
        func pass(_ src: [Bool], along count: Int, lines: Int, index: (Int, Int) -> Int) -> [Bool] {
            var dst = src
            for line in 0..<lines {
                var set = 0
                // window [i - r, i + r]
                for i in 0..<min(r, count) where src[index(line, i)] { set += 1 }
                for i in 0..<count {
                    if i + r < count, src[index(line, i + r)] { set += 1 }
                    if i - r - 1 >= 0, src[index(line, i - r - 1)] { set -= 1 }
                    let lo = max(0, i - r), hi = min(count - 1, i + r)
                    let inside = hi - lo + 1
                    dst[index(line, i)] = erode ? set == inside : set > 0
                }
            }
            return dst
        }
        let rows = pass(m, along: w, lines: h) { line, i in line * w + i }
        return pass(rows, along: h, lines: w) { line, i in i * w + line }
    }

    static func components(_ m: [Bool], width w: Int, height h: Int) -> [Component] {
        var seen = [Bool](repeating: false, count: m.count)
        var out: [Component] = []
        var stack: [Int] = []
        for start in 0..<m.count where m[start] && !seen[start] {
            seen[start] = true
            stack.append(start)
            var pixels: [Int] = []
            var x0 = w, y0 = h, x1 = 0, y1 = 0
            while let i = stack.popLast() {
                pixels.append(i)
                let x = i % w, y = i / w
                x0 = min(x0, x); x1 = max(x1, x); y0 = min(y0, y); y1 = max(y1, y)
                if x > 0, m[i - 1], !seen[i - 1] { seen[i - 1] = true; stack.append(i - 1) }
                if x < w - 1, m[i + 1], !seen[i + 1] { seen[i + 1] = true; stack.append(i + 1) }
                if y > 0, m[i - w], !seen[i - w] { seen[i - w] = true; stack.append(i - w) }
                if y < h - 1, m[i + w], !seen[i + w] { seen[i + w] = true; stack.append(i + w) }
            }
            out.append(Component(pixels: pixels, box: PixelRect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1)))
        }
        return out
    }

    /// The component with its holes: every pixel of its box that the box's border cannot reach
    /// without crossing it.
    static func filled(_ component: Component, width w: Int) -> Component {
        let box = component.box
        let bw = box.width, bh = box.height
        var member = [Bool](repeating: false, count: bw * bh)
        for p in component.pixels { member[(p / w - box.y) * bw + (p % w - box.x)] = true }
        var outside = [Bool](repeating: false, count: bw * bh)
        var stack: [Int] = []
        for i in 0..<(bw * bh) where !member[i] {
            let x = i % bw, y = i / bw
            if x == 0 || y == 0 || x == bw - 1 || y == bh - 1 { outside[i] = true; stack.append(i) }
        }
        while let i = stack.popLast() {
            let x = i % bw, y = i / bw
            for j in [x > 0 ? i - 1 : -1, x < bw - 1 ? i + 1 : -1, y > 0 ? i - bw : -1, y < bh - 1 ? i + bw : -1]
            where j >= 0 && !member[j] && !outside[j] {
                outside[j] = true
                stack.append(j)
            }
        }
        var pixels: [Int] = []
        for i in 0..<(bw * bh) where !outside[i] { pixels.append((box.y + i / bw) * w + box.x + i % bw) }
        return Component(pixels: pixels, box: box)
    }

    /// Connected groups of pixels at or above `threshold` inside the component whose height fits text.
    static func countSpecks(_ gray: [UInt8], in component: Component, width w: Int, threshold: UInt8, minHeight: Int, maxHeight: Int) -> Int {
        let box = component.box
        var mask = [Bool](repeating: false, count: box.width * box.height)
        for p in component.pixels where gray[p] >= threshold {
            mask[(p / w - box.y) * box.width + (p % w - box.x)] = true
        }
        return components(mask, width: box.width, height: box.height).filter { c in
            c.box.height >= minHeight && c.box.height <= maxHeight && c.box.width <= 8 * maxHeight
        }.count
    }
}
