import Foundation
import Imaging

/// Text-sized dark blobs of a reduced, background-normalized copy of a photo: the evidence the
/// geometry steps work from. Blobs too big or too thin for text (table edges, wood grain, the
/// page's own shadow) are dropped.
struct TextBlobs {
    var blobs: [PixelRect]
    var medianHeight: Int
    /// Scale of the copy the blobs were measured on, relative to the input.
    var reduction: Double
    /// The sheet of paper, when one stands out from the background.
    var page: PageMask?
    /// Every text-sized blob, on the sheet or off it: what another outline of the sheet is checked
    /// against (`ImageRectifier.sheetOnPhoto`).
    var unmasked: [PixelRect] = []
    /// The courses of the rules printed on the sheet (`RuleTrace`), when asked for.
    var rules: [TextLineDewarp.Line] = []

    /// `rules`: also follow the rules printed on the sheet (the line dewarp's evidence where no
    /// text line reaches).
    static func find(in gray: Raster, reduction: Double, adaptive: Bool = true, joinDots: Bool = false, rules: Bool = false) -> TextBlobs {
        let full = Pix(gray)
        let reduced = reduction < 0.999 ? full.scaled(by: reduction) ?? full : full
        guard let normalized = reduced.backgroundNormalized(),
              let thresholded = InkThreshold.binarize(normalized, adaptive: adaptive),
              let binary = joinDots ? thresholded.closed(brickWidth: 3, brickHeight: 3) : thresholded else {
            return TextBlobs(blobs: [], medianHeight: 0, reduction: reduction, page: nil)
        }
        let w = binary.width, h = binary.height
        let maxHeight = max(12, Int(0.05 * Double(max(w, h))))
        let components = binary.connectedComponents()
        let sized = components.filter { b in
            b.height >= 3 && b.height <= maxHeight && b.width <= 25 * b.height && b.height <= 8 * b.width + 8
                && b.x > 0 && b.y > 0 && b.maxX < w && b.maxY < h
        }
        let page = sheet(among: PageMask.find(binary: binary), blobs: sized)
        let blobs = sized.filter { b in
            page?.contains(x: Double(b.x) + Double(b.width) / 2, y: Double(b.y) + Double(b.height) / 2) ?? true
        }
        let heights = blobs.map(\.height).sorted()
        var found = TextBlobs(blobs: blobs, medianHeight: heights.isEmpty ? 0 : heights[heights.count / 2], reduction: reduction,
                              page: page, unmasked: sized)
        if rules {
            let onSheet = RuleTrace.candidates(components, width: w, height: h).filter { b in page?.contains(x: b.midX, y: b.midY) ?? true }
            // Each rule is traced in its own box, so only those pixels are converted.
            found.rules = onSheet.compactMap { box in
                guard let ink = binary.clipped(to: box)?.raster(),
                      let trace = RuleTrace.trace(PixelRect(x: 0, y: 0, width: box.width, height: box.height), in: ink) else { return nil }
                var line = TextLineDewarp.Line(xs: trace.xs.map { $0 + Double(box.x) }, smoothing: trace.ys.map { $0 + Double(box.y) })
                line.isRule = true
                return line
            }
        }
        return found
    }

    /// The largest white region, unless a region that encloses it (a ring the sheet's printed
    /// frame cuts off) holds a tenth more print: then the largest is a panel inside the frame and
    /// the print outside it is the sheet's too. The innermost such ring, so a lit cloth round the
    /// sheet does not win over its frame. Not a ring that touches the photo's border (over 2 % of
    /// it): the table round a sheet encloses it as well.
    static func sheet(among masks: [PageMask], blobs: [PixelRect]) -> PageMask? {
        guard let largest = masks.first else { return nil }
        func held(_ mask: PageMask) -> Int {
            blobs.filter { mask.contains(x: $0.midX, y: $0.midY) }.count
        }
        let onLargest = held(largest)
        for ring in masks.dropFirst() where ring.borderContact <= largest.borderContact + 0.02 {
            let onRing = held(ring)
            if onRing >= 8, onRing * 10 >= onLargest * 11 { return ring }
        }
        return largest
    }

    /// Blobs that sit in a band shared with others along `angle`: the text lines, without the
    /// isolated specks of a textured background.
    func lineBlobs(angle degrees: Double, minimumNeighbours: Int = 4) -> [PixelRect] {
        lineBlobs(angles: [degrees], minimumNeighbours: minimumNeighbours)
    }

    /// Blobs that sit on a line along any of `angles`, in their original order.
    func lineBlobs(angles: [Double], minimumNeighbours: Int = 4) -> [PixelRect] {
        guard !blobs.isEmpty else { return [] }
        var keep = [Bool](repeating: false, count: blobs.count)
        let bin = max(1.0, Double(medianHeight) * 0.5)
        for degrees in angles {
            let r = degrees * .pi / 180, nx = -sin(r), ny = cos(r)
            let proj = blobs.map { (Double($0.x) + Double($0.width) / 2) * nx + (Double($0.y) + Double($0.height) / 2) * ny }
            guard let lo = proj.min(), let hi = proj.max() else { return [] }
            var counts = [Int](repeating: 0, count: Int((hi - lo) / bin) + 3)
            for p in proj { counts[Int((p - lo) / bin) + 1] += 1 }
            for (i, p) in proj.enumerated() {
                let b = Int((p - lo) / bin) + 1
                if counts[b - 1] + counts[b] + counts[b + 1] >= minimumNeighbours { keep[i] = true }
            }
        }
        return blobs.indices.filter { keep[$0] }.map { blobs[$0] }
    }

    /// Bounding rectangle, in the rotated full-resolution frame, of the middle 98% of the blobs
    /// (a few stray specks must not stretch the crop), grown by `margin`.
    static func extent(of blobs: [PixelRect], rotation: PlaneRotation, scale: Double, margin: Double) -> CGRectLike? {
        guard blobs.count >= 8 else { return nil }
        var xs: [Double] = [], ys: [Double] = []
        for b in blobs {
            for corner in b.corners {
                let q = rotation.apply(corner * scale)
                xs.append(q.x); ys.append(q.y)
            }
        }
        xs.sort(); ys.sort()
        let lo = xs.count / 100, hi = xs.count - 1 - xs.count / 100
        let x0 = xs[lo] - margin, x1 = xs[hi] + margin, y0 = ys[lo] - margin, y1 = ys[hi] + margin
        let frame = fullFrame(width: Int(rotation.center.x * 2), height: Int(rotation.center.y * 2), rotation: rotation)
        let cx0 = max(x0, frame.x), cy0 = max(y0, frame.y)
        let cx1 = min(x1, frame.x + Double(frame.width)), cy1 = min(y1, frame.y + Double(frame.height))
        guard cx1 - cx0 >= 16, cy1 - cy0 >= 16 else { return nil }
        return CGRectLike(x: cx0, y: cy0, width: Int(cx1 - cx0), height: Int(cy1 - cy0))
    }

    /// The whole rotated image, in the rotated frame.
    static func fullFrame(width: Int, height: Int, rotation: PlaneRotation) -> CGRectLike {
        let corners = [Point(x: 0, y: 0), Point(x: Double(width), y: 0), Point(x: 0, y: Double(height)),
                       Point(x: Double(width), y: Double(height))].map(rotation.apply)
        let x0 = corners.map(\.x).min() ?? 0, x1 = corners.map(\.x).max() ?? 0
        let y0 = corners.map(\.y).min() ?? 0, y1 = corners.map(\.y).max() ?? 0
        return CGRectLike(x: x0, y: y0, width: max(1, Int(x1 - x0)), height: max(1, Int(y1 - y0)))
    }
}
