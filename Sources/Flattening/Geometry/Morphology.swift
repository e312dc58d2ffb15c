import Imaging

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
        let member = mask(of: component.pixels, in: box, width: w)
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

    /// `pixels` (indices into a grid `w` wide) as a grid of their own `box`, for work inside one
    /// component without touching the whole grid.
    static func mask(of pixels: some Sequence<Int>, in box: PixelRect, width w: Int) -> [Bool] {
        var out = [Bool](repeating: false, count: box.width * box.height)
        for p in pixels { out[(p / w - box.y) * box.width + (p % w - box.x)] = true }
        return out
    }

    /// Connected groups of pixels at or above `threshold` inside the component whose height fits text.
    static func countSpecks(_ gray: [UInt8], in component: Component, width w: Int, threshold: UInt8, minHeight: Int, maxHeight: Int) -> Int {
        let box = component.box
        let bright = mask(of: component.pixels.lazy.filter { gray[$0] >= threshold }, in: box, width: w)
        return components(bright, width: box.width, height: box.height).filter { c in
            c.box.height >= minHeight && c.box.height <= maxHeight && c.box.width <= 8 * maxHeight
        }.count
    }
}
