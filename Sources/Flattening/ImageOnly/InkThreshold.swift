import Imaging

/// Thresholds a background-normalized page (paper at 200) halfway between the paper and its ink.
/// A fixed threshold breaks faint print (pale thermal receipts, grey type) into specks that no
/// longer look like letters; the ink's own level (its 2% darkest pixels) adapts to it.
enum InkThreshold {
    static func binarize(_ normalized: Pix, adaptive: Bool = true) -> Pix? {
        guard adaptive else { return normalized.thresholded(below: 150) }
        let ink = normalized.rankValue(0.02)
        let threshold = min(185, max(100, (ink + 200) / 2))
        return normalized.thresholded(below: threshold)
    }
}
