import Imaging

/// How tall a page's print is, in its own pixels: the median height of its ink's connected
/// components (letters, mostly), measured on a copy at most `analysisSide` pixels long and its paper
/// evened out. The detector finds lines by their size at the scale it is shown, so the scale follows
/// the print, not the page: a 600 dpi scan of small print and the same page at 150 dpi are shown at
/// the same text size.
enum PrintSize {
    static let analysisSide = 2400

    /// The median blob height in page pixels; nil when too few text-sized blobs are found.
    static func blobHeight(of page: Raster) -> Double? {
        let gray = page.channels == 1 ? page : page.grayscale()
        let reduction = min(1, Double(analysisSide) / Double(max(gray.width, gray.height)))
        let full = Pix(gray)
        guard let reduced = reduction < 0.999 ? full.scaled(by: reduction) : full,
              let normalized = reduced.backgroundNormalized(), let binary = normalized.thresholded(below: 128) else { return nil }
        let w = normalized.width, h = normalized.height
        let maxHeight = max(12, Int(0.05 * Double(max(w, h))))
        let heights = binary.connectedComponents().filter { b in
            b.height >= 2 && b.height <= maxHeight && b.width <= 25 * b.height && b.height <= 8 * b.width + 8
                && b.x > 0 && b.y > 0 && b.maxX < w && b.maxY < h
        }.map(\.height).sorted()
        guard heights.count >= 20 else { return nil }
        return Double(heights[heights.count / 2]) / reduction
    }
}
