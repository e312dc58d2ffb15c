import CLeptonica

/// Thresholds a background-normalized page (paper at 200) halfway between the paper and its ink.
/// A fixed threshold breaks faint print (pale thermal receipts, grey type) into specks that no
/// longer look like letters; the ink's own level (its 2% darkest pixels) adapts to it.
enum InkThreshold {
    static func binarize(_ normalized: OwnedPix, adaptive: Bool = true) -> OwnedPix? {
        guard adaptive else { return OwnedPix(taking: pixThresholdToBinary(normalized.pointer, 150)) }
        var ink: UInt32 = 0
        pixGetRankValue(normalized.pointer, 2, 0.02, &ink)
        let threshold = min(185, max(100, (Int32(ink) + 200) / 2))
        return OwnedPix(taking: pixThresholdToBinary(normalized.pointer, threshold))
    }
}
