import Imaging

extension ImageRectifier {
    /// The tunables of every step of `rectify` and `finishFlattened`.
    public struct Options: Sendable, Equatable, Codable {
        /// Long side of the reduced copy the geometry is measured on.
        public var analysisLongSide = 1600
        /// Median height of a text blob (roughly lower-case height plus ascenders) Tesseract reads
        /// best at, in pixels of the output.
        public var targetBlobHeight = 18.0
        /// Skip a rotation smaller than this (degrees): resampling a flat scan only blurs it.
        public var minimumRotation = 0.3
        /// Line structure weaker than this (best band score over the median) is not a page of text.
        /// A bare grainy table scores about 1.2; a hard-crumpled sheet under a shadow can score 1.5
        /// and was read unturned at 18° under the old 1.6 (Inv3DReal 06288 crumpleshard shadow 0.33 →
        /// 0.54). 05028's, at 1.25–1.3, would gain too, but sits too near the grain to take.
        public var minimumAngleConfidence = 1.4
        /// Leptonica's dewarp model (book pages: long lines in one column).
        public var dewarp = true
        /// Decant's own dewarp from short text lines (see `TextLineDewarp`), after leptonica's.
        public var lineDewarp = true
        /// Fewest lines the own dewarp needs.
        public var lineDewarpMinLines = 6
        /// Smallest bend worth resampling for, in median text-blob heights.
        public var lineDewarpMinShift = 0.6
        /// The rules printed across the page (`RuleTrace`) count as lines for the line dewarp.
        public var lineDewarpRules = true
        public var normalizeBackground = true
        /// After normalizing the paper, stretch the tones from the ink's level to the paper's and
        /// apply the tone curve (Tesseract's global threshold wants it); off, the normalized page
        /// keeps its grey levels.
        public var stretchTones = true
        /// Make converging text lines parallel when the page outline gave no quad (see `TextLinePerspective`).
        public var linePerspective = true
        public var linePerspectiveLimits = TextLinePerspective.Limits()
        /// Invert dark boxes holding white print (see `ReversePrint`).
        public var reversePrint = true
        public var binarize = false
        /// When the fixed threshold (150 on the normalized copy) leaves only specks, threshold
        /// halfway to the ink's level instead.
        public var adaptiveThreshold = true
        /// Estimate the paper's brightness by a grey closing (text removed by its thinness) rather
        /// than by tiles of light pixels: paper in a deep shadow is darker than the tile method's
        /// foreground threshold and would otherwise stay dark.
        public var morphologicalBackground = false
        /// Pixels darker than this are ink, not paper, when estimating the background. Leptonica uses
        /// 100; paper in a hard shadow is darker than that (12 measured best on Inv3DReal shadows).
        public var backgroundThreshold: Int32 = 12
        /// Estimate the paper's brightness by a high rank within tiles (`PaperBackground`) instead
        /// of leptonica's tile mean. Inv3DReal, 180 photos: word-bag F1 0.683 → 0.709, every
        /// warp class and lighting better (shadow 0.563 → 0.606).
        public var paperBackground = true
        /// `PaperBackground`'s tile side in text heights (of the scaled page) and its rank.
        public var paperBackgroundTile = 1.0
        public var paperBackgroundRank = 0.85
        /// The share of the normalized page's darkest pixels whose level the tone stretch starts from.
        /// 1 % reads photos better (Inv3DReal, 180 photos: 0.714 → 0.722) but scans worse (SROIE text
        /// 0.777 → 0.771, company names 0.85 → 0.84), and scans must not lose: 2 % stays.
        public var inkRank = 0.02
        /// Paint the table or floor around the sheet the paper's level (see `PageMask.paintingBackground`):
        /// with the paper-level background, a speckled floor's grain reads as print. Inv3DReal, 180
        /// photos: 0.709 → 0.714 (perspective 0.755 → 0.770; 00411 perspective bright 0.396 → 0.655).
        public var paintSurroundings = true
        /// Look for a page printed light on a dark ground when no sheet of dark print stands out
        /// (see `ImageRectifier.reversedPrint`): the fewest text blobs its inverted photo must show,
        /// and how many times as far above the ground its brightest pixels must stand as its darkest
        /// stand below it (`ImageRectifier.printPolarity`). The 44 shared lists photographed, in
        /// three seeds of the camera: the other 126 photos measure 1.13 at most, a green sheet
        /// printed white 2.15 to 31 (and once 1.25, its sheet not found).
        public var reversedSheets = true
        public var reversedPrintMinimumBlobs = 30
        public var reversedPrintPolarity = 1.8
        /// A sheet taken for light-printed covers at least this share of the photo (SROIE 060's
        /// black logo panel, 9 %, is a box on a page).
        public var reversedSheetMinimumArea = 0.2
        /// Gray from the darkest of R, G, B instead of luma: coloured print (orange, blue headings)
        /// is dark in at least one channel while white paper is bright in all three.
        public var darkestChannel = false
        /// Exponent of the tone curve after normalization (1: linear stretch; 3 darkens faint print).
        /// Linear measured best: ^3 fattens strokes until Tesseract's layout drops whole bin and
        /// price columns of a clean list (Corpus entry F1 73.8% vs 74.1%, CER 46.3% vs 45.7%), and
        /// it does not help real photos either (Inv3DReal, 54 photos: word-bag F1 0.655 vs 0.663).
        public var toneCurve = 1.0
        public var cropToText = true
        public var detectPage = true
        /// Margin around the text when cropping, in text heights: reverse print (white on a dark
        /// bar) makes no blobs and sits at the edges of the text often enough.
        public var cropMargin = 5.0
        /// Largest enlargement: tiny blobs are as often broken print as small print.
        public var maxUpscale = 3.0
        /// Strongest reduction (a scale factor): huge print on a 35 MP scan is brought down at most
        /// this far.
        public var minimumScale = 0.4
        public var dewarpLimits = DewarpLimits()
        /// Leave the 0/180° decision on level pages (and on depth-unwarped pages, made upright by
        /// the photo's top) to the reader: nearly all of them are upright, and a first reading that
        /// comes out well says so for free, where asking the detector first cost a quarter of the
        /// time per SROIE scan. The caller must then check the reading (the pipeline does:
        /// `UprightEvidence`). Off by default so that `rectify` alone always returns an upright page.
        public var deferLevelOrientation = false
        /// Pages whose lines were this close to level (degrees) count as level for the deferral:
        /// a photo a few degrees askew is as surely upright as a scan. Steeper pages (taken
        /// sideways, or at an angle on purpose) ask the detector before the reading.
        public var deferredOrientationMaxAngle = 10.0
        /// Before a depth-unwarped page's first reading, turn it when leptonica's quick four-way call
        /// (`LeptonicaOrientation.quarterTurns`) is clear. The reading still checks the result.
        public var unwarpedOrientationCheck = true
        /// Least confidence of that call's "upright as it stands" for a weak first reading to be
        /// kept without asking the detector. On the generated 12 MP set the unwarped pages read weakly
        /// but upright got calls of 14–38 and the detector (0.9–3.2 s each) left every one as it was;
        /// so did it on the committed corpus's two heavy-blur lists (13 and 16).
        public var unwarpedUprightTrust = 10.0
        /// Leave a flat scan (`FlatScan`) with level lines as it is but for its orientation.
        public var keepFlatScans = true
        /// Largest tilt of a flat scan's lines that is left to Tesseract, in degrees.
        public var flatScanMaxAngle = 2.0
        /// A flat scan whose text blobs are taller than this (pixels) is still brought down to
        /// `targetBlobHeight`: a 35 MP scan of large print would otherwise go to Tesseract whole
        /// (hundreds of MB and seconds) only to be read again smaller by the receipt reader.
        public var flatScanMaxBlobHeight = 45.0

        public init() {}
    }
}

extension ImageRectifier.Options {
    /// These options for a page PP-OCR will read: the same geometry, but the page keeps the grey
    /// levels it was photographed with. The paper normalization, stretch and tone curve that help
    /// Tesseract's global threshold cost PP-OCR, which was trained on photographs: on 54 Inv3DReal
    /// photos word-bag F1 0.736 with them, 0.788 without (docs/ppocr.md#flattening-for-pp-ocr).
    public func forPPOCR() -> Self {
        var options = self
        options.normalizeBackground = false
        options.toneCurve = 1
        return options
    }

    /// These options changed as the receipt preset changes them (`FlattenSettings.Preset.receipts`):
    /// a ^3 tone curve, as faint thermal print needs the darkening (SROIE, 100 scans: total 0.85 and
    /// date 0.93 with ^3 against 0.78 and 0.87 linear); leptonica's tile-mean background, as SROIE's
    /// scans lose totals and dates to the rank estimate (faint print on even paper; total 0.92 →
    /// 0.91, date 0.91 → 0.89).
    public func forReceipts() -> Self {
        var options = self
        options.toneCurve = 3
        options.paperBackground = false
        return options
    }
}
