import Imaging

extension PageMask {
    /// The table, floor or hand around the sheet: mask cells outside the page that survive an
    /// opening with a square of `radius` cells. The opening keeps the broad surroundings and drops
    /// thin strips, above all text lines that run off the frame: at the mask's scale a line of
    /// print is a solid bar that reaches the border, so it counts as "outside" although it is page.
    func background(radius: Int) -> [Bool] {
        let outside = inside.map { !$0 }
        let opened = Morphology.dilate(Morphology.erode(outside, width: width, height: height, radius: radius),
                                       width: width, height: height, radius: radius)
        return zip(opened, outside).map { $0 && $1 }
    }

    /// `gray` with the background (`background(radius:)`) painted the paper's own brightness, so
    /// that the grain of a floor or the edge of a table cannot be read as text or stretch the
    /// reading's layout. Only what lies beyond `text` grown by `margin` (the binary's frame) is
    /// painted: a hard shadow or a table's rules can cut part of the sheet off from its main white
    /// area, and painting that would erase print. `reduction`: the binary the mask was made from,
    /// per pixel of `gray`. Returns nil when there is no background to paint.
    func paintingBackground(of gray: Raster, reduction: Double, radius: Int, text: ConvexHull,
                            margin: Double, evenLight: Double) -> (raster: Raster, share: Double)? {
        precondition(gray.channels == 1, "the background is painted on the gray page")
        var background = background(radius: radius)
        for cy in 0..<height {
            for cx in 0..<width where background[cy * width + cx] {
                let center = Point(x: (Double(cx) + 0.5) / scale, y: (Double(cy) + 0.5) / scale)
                if text.contains(center, margin: margin) { background[cy * width + cx] = false }
            }
        }
        guard background.contains(true) else { return nil }
        let perPixel = reduction * scale
        let column = (0..<gray.width).map { min(width - 1, Int(Double($0) * perPixel)) }
        let row = (0..<gray.height).map { min(height - 1, Int(Double($0) * perPixel)) }
        // The paper's brightness: a high rank of the page's pixels (text is a small dark minority).
        var histogram = [Int](repeating: 0, count: 256)
        var painted = 0
        gray.pixels.withUnsafeBufferPointer { px in
            for y in 0..<gray.height {
                let base = row[y] * width
                for x in 0..<gray.width where !background[base + column[x]] { histogram[Int(px[y * gray.width + x])] += 1 }
            }
        }
        let onPage = histogram.reduce(0, +)
        guard onPage > 0 else { return nil }
        func rank(_ fromTop: Double) -> Int {
            Selection.brightestLevel(reaching: Int((fromTop * Double(onPage)).rounded(.up))) { histogram[$0] }
        }
        let paper = rank(0.2)
        // A hard shadow across the sheet darkens a large part of it, and the mask can then lose
        // shadowed print to the background (the shadow's edge joins it to the frame): leave such
        // photos unpainted. Print alone rarely covers a third of a page.
        guard Double(rank(0.65)) >= evenLight * Double(paper) else { return nil }
        var out = gray
        out.pixels.withUnsafeMutableBufferPointer { px in
            for y in 0..<gray.height {
                let base = row[y] * width
                for x in 0..<gray.width where background[base + column[x]] {
                    px[y * gray.width + x] = UInt8(paper)
                    painted += 1
                }
            }
        }
        return (out, Double(painted) / Double(gray.pixelCount))
    }
}
