import Recognition
import RecognizedText

/// Decides from a first reading whether a page was upright, so the orientation detector runs only
/// on the pages that need it (`ImageRectifier.Options.deferLevelOrientation`).
///
/// Upside-down or sideways print reads as short, low-confidence fragments: Tesseract's character
/// models recognize almost no three-letter run of turned glyphs at 70 or more. An upright page of
/// print yields many such words. A weak first reading does not mean a turned page (a blurred photo
/// reads weakly either way up); it only means the detector is asked, as it always was before.
/// Tesseract's automatic layout also reads lines that run vertically, confidently and in a jumbled
/// order: a page lying on its side shows itself by words taller than they are wide.
public struct UprightEvidence: Sendable, Equatable {
    /// Words of three or more letters or digits read at confidence 70 or more.
    public var confident: Int
    /// All words of three or more letters or digits.
    public var candidates: Int
    /// Confident words whose box is taller than wide (read along a vertical line).
    public var vertical: Int

    /// Fewest confident words that vouch for an upright page.
    public static let minimumConfident = 8
    /// Least share of the candidate words read confidently.
    public static let minimumShare = 0.3

    public init(confident: Int, candidates: Int, vertical: Int = 0) {
        self.confident = confident
        self.candidates = candidates
        self.vertical = vertical
    }

    public init(_ page: RecognizedPage) {
        var confident = 0, candidates = 0, vertical = 0
        for word in page.lines.lazy.flatMap(\.words) where word.text.lazy.filter({ $0.isLetter || $0.isNumber }).count >= 3 {
            candidates += 1
            guard word.confidence >= 70 else { continue }
            confident += 1
            if word.box.height > word.box.width { vertical += 1 }
        }
        self.init(confident: confident, candidates: candidates, vertical: vertical)
    }

    public var looksUpright: Bool {
        confident >= Self.minimumConfident && Double(confident) >= Self.minimumShare * Double(candidates)
            && vertical * 5 < confident
    }

    /// For pages.json: what the first reading showed.
    public var summary: String {
        "\(confident) of \(candidates) words read confidently" + (vertical > 0 ? ", \(vertical) of them along vertical lines" : "")
    }
}
