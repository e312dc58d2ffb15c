import Documents
import Entries
import Recognition

/// How pages are read: what the Read stage needs of a run's settings.
public struct ReadSettings: Sendable, Equatable, Codable {
    /// The kind the run expects; `auto` decides per page, first by shape and folder name, then by
    /// the words read.
    public var expected: KindOption
    /// nil: the default per document kind (`segmentation(for:)`).
    public var segmentation: PageSegmentation?
    /// The OCR settings pages are read with (the recognition cache keys on them).
    public var ocr: OCRConfiguration
    /// Most OCR readings of a receipt: a second one, at the text size Tesseract reads best, is made
    /// when the first does not add up or its text is far from that size (1: read once).
    public var receiptReadings: Int
    /// Median word height in pixels receipts are rescaled to for their second reading.
    public var receiptTextHeight: Double
    /// Whether pages are read with `ocr.languages` alone or read again in the language they show.
    public var languageSelection: LanguageSelection = .fixed
    /// Most engines a worker keeps for language sets other than `ocr.languages` (`EnginePool`).
    public var languageEngines: Int = 2
    /// Which recognizer reads the pages (`--engine`).
    public var engine: EngineOption = .auto
    /// Under `--engine auto`, which pages PP-OCR reads (a measuring run may set another).
    public var engineRule: EngineRule = .measured
    /// PP-OCR's settings (measured defaults; tuning runs change them).
    public var ppocr = PPOCROptions()
    /// Which engine makes a PP-OCR receipt's further readings (the scaled page, the header band,
    /// the date's line). PP-OCR's own: with Tesseract's, a Tesseract reading that won the amounts
    /// replaced PP-OCR's better text (54 Inv3DReal photos, 36 of them taken for receipts: word-bag F1
    /// 0.680 against 0.736; SROIE's first 100 scans: 0.775 against 0.783).
    public var receiptAgain: RecognitionEngine = .ppocr
    /// Whether a receipt's header band is read by the other reader as well, and the merchant's name
    /// made of both readings (`MerchantReadings`).
    public var receiptNameByBothReaders = true
    /// Whose spaces that name takes where both readers spelled it alike.
    public var receiptNameSpaces: MerchantReadings.SpaceSource = .other

    /// The rule pages are given to engines by, nil when `--engine` names one engine for every page.
    public var activeRule: EngineRule? { engine.rule(auto: engineRule) }

    public init(expected: KindOption = .auto, segmentation: PageSegmentation? = nil, ocr: OCRConfiguration = OCRConfiguration(),
                receiptReadings: Int = 2, receiptTextHeight: Double = 26) {
        self.expected = expected
        self.segmentation = segmentation
        self.ocr = ocr
        self.receiptReadings = receiptReadings
        self.receiptTextHeight = receiptTextHeight
    }

    /// Takes `--lang`: "auto" reads with English first and chooses per page; anything else is
    /// Tesseract's language set for every page.
    public mutating func setLanguages(_ argument: String) {
        languageSelection = argument == "auto" ? .auto : .fixed
        ocr.languages = argument == "auto" ? "eng" : argument
    }

    /// How a page's OCR languages are chosen.
    public enum LanguageSelection: String, Sendable, Equatable, Codable {
        /// Every page with the run's languages (`--lang eng+fra`).
        case fixed
        /// Read with the run's languages, then again with the language those words show (`--lang auto`).
        case auto
    }

    /// Wine lists are read sparsely: Tesseract's automatic layout (psm 3) drops price and bin
    /// columns it takes for images or noise (dot leaders, a page not cropped from the table), while
    /// sparse text (psm 11) keeps every word and Decant rebuilds rows and columns from the word boxes
    /// (`RowLayout`); docs/benchmarks/entries.md has the measurements. Receipts are read as one
    /// uniform block: every printed row, amounts included, stays one line, and rows between dashed
    /// rules are not dropped as separators (on the SROIE scans mode 6 keeps more totals and dates
    /// than mode 4; see docs/benchmarks/receipts.md).
    public func segmentation(for kind: DocumentKind) -> PageSegmentation {
        segmentation ?? (kind == .receipt ? .singleBlock : .sparse)
    }

    /// The kind a page is taken for before it is read: the run's, or by its shape and folder name.
    public func prior(width: Int, height: Int, job: String) -> DocumentKind {
        switch expected {
        case .winelist: .winelist
        case .receipt: .receipt
        case .auto: KindClassifier.guessBeforeOCR(width: width, height: height, jobName: job)
        }
    }
}
