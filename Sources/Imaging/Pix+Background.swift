internal import CLeptonica

/// Photometric operations on 8-bit gray (or 32-bit RGB) pixes: what makes one threshold fit a
/// photographed page whose light falls off across it.
extension Pix {
    /// Leptonica's background normalization with its own defaults (`pixBackgroundNormSimple`):
    /// the paper is brought to 200 everywhere, so shadows and uneven light no longer look like ink
    /// to a global threshold. Nil when leptonica fails (e.g. an image smaller than its tiles).
    public func backgroundNormalized() -> Pix? {
        Pix(taking: pixBackgroundNormSimple(pointer, nil, nil))
    }

    /// Background normalization with every tunable of `pixBackgroundNorm` given, for callers whose
    /// paper is darker than leptonica's default foreground threshold assumes (paper in a hard
    /// shadow would be taken for ink and stay dark). Tiles of `tileWidth`×`tileHeight` pixels;
    /// pixels darker than `foregroundThreshold` are ink and left out of the estimate; a tile needs
    /// `minimumCount` background pixels; the paper goes to `target`; the background map is
    /// smoothed over `smoothingX`×`smoothingY` tiles.
    public func backgroundNormalized(tileWidth: Int, tileHeight: Int, foregroundThreshold: Int, minimumCount: Int,
                                     target: Int, smoothingX: Int, smoothingY: Int) -> Pix? {
        Pix(taking: pixBackgroundNorm(pointer, nil, nil, Int32(tileWidth), Int32(tileHeight), Int32(foregroundThreshold),
                                      Int32(minimumCount), Int32(target), Int32(smoothingX), Int32(smoothingY)))
    }

    /// Background normalization whose estimate is a grey closing (`pixBackgroundNormMorph`) at
    /// 1/`reduction` scale with a `brickSize` brick: whatever is thinner than the brick (strokes of
    /// print) is removed from the estimate however dark it is, so paper in a deep shadow still
    /// counts as paper. The paper goes to `target`.
    public func backgroundNormalizedByClosing(reduction: Int, brickSize: Int, target: Int) -> Pix? {
        Pix(taking: pixBackgroundNormMorph(pointer, nil, Int32(reduction), Int32(brickSize), Int32(target)))
    }

    /// The gray level below which the share `rank` of the pixels lies (0 the darkest, 1 the
    /// brightest), counted on every `subsampling`-th pixel of every `subsampling`-th row: the ink's
    /// own level, which a threshold can follow where print is faint. 0 when leptonica cannot tell.
    public func rankValue(_ rank: Double, subsampling: Int = 2) -> Int {
        var value: UInt32 = 0
        pixGetRankValue(pointer, Int32(subsampling), Float(rank), &value)
        return Int(value)
    }

    /// Maps the tones in place (`pixGammaTRC`): `black` and below to 0, `white` and above to 255,
    /// a power curve of `gamma` between. In place because the caller holds the only copy and a
    /// full-size page need not be held twice.
    public func mapTones(gamma: Double, black: Int, white: Int) {
        pixGammaTRC(pointer, pointer, Float(gamma), Int32(black), Int32(white))
    }
}
