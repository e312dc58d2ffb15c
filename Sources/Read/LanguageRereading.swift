import Recognition
import RecognizedText

/// The languages a page was read with and why, for pages.json.
public struct LanguageChoice: Sendable, Equatable {
    /// Tesseract's language set the kept reading used ("eng", "eng+fra").
    public var languages: String
    /// What decided: the job's settings, the run's, or the identifier's evidence and the readings' comparison.
    public var reason: String

    public init(languages: String, reason: String) {
        self.languages = languages
        self.reason = reason
    }
}

/// `--lang auto`: a page whose first (English) reading shows another language is read again with
/// that language's model and English, and the better of the two readings is kept. English stays
/// in the set because real lists mix languages (an Italian list's English headings, a London list's
/// French wines) and a page with no clear language is read with English alone.
struct LanguageRereading {
    var identifier = LanguageIdentifier()

    /// What the second reading gave.
    enum Outcome {
        /// The second reading is better: keep it, and read anything further with its engine.
        case reread(RecognizedPage, TesseractEngine, LanguageChoice)
        /// The first reading stands (`readAgain`: a second reading was made and was worse); a
        /// warning when a model the page needed is missing.
        case kept(LanguageChoice, readAgain: Bool, warning: String?)
    }

    /// The second reading's language set: the page's own language first. Tesseract reads each word
    /// with the first model and tries the others only on words it is unsure of, and English reads
    /// `Chateau`, `Cotes` and `Macon` quite sure of them: eng+fra kept every one of them unaccented
    /// on a rendered French line, fra+eng read them right (docs/languages.md).
    static func languages(adding code: String, to base: String) -> String {
        base.split(separator: "+").contains(Substring(code)) ? base : "\(code)+\(base)"
    }

    func choose(firstReading: RecognizedPage, base: TesseractEngine, pool: EnginePool,
                recognize: (TesseractEngine) throws(RecognitionError) -> RecognizedPage) throws(RecognitionError) -> Outcome {
        let baseLanguages = base.configuration.languages
        let guess = identifier.identify(firstReading.lines.flatMap(\.words).map(\.text))
        guard let code = guess.language else {
            return .kept(LanguageChoice(languages: baseLanguages, reason: "auto: \(guess.reason)"), readAgain: false, warning: nil)
        }
        let languages = Self.languages(adding: code, to: baseLanguages)
        let engine: TesseractEngine
        do { engine = try pool.engine(for: languages) } catch {
            guard error.kind == .missingLanguage else { throw error }
            return .kept(LanguageChoice(languages: baseLanguages, reason: "auto: \(guess.reason); \(languages) unavailable"),
                         readAgain: false, warning: "the page reads as \(code), but \(error.message)")
        }
        let second = try recognize(engine)
        let comparison = Self.compare(second, to: firstReading)
        let reason = "auto: \(guess.reason); \(languages) \(comparison.summary)"
        guard comparison.better else { return .kept(LanguageChoice(languages: baseLanguages, reason: reason), readAgain: true, warning: nil) }
        return .reread(second, engine, LanguageChoice(languages: languages, reason: reason))
    }

    /// The second reading is kept unless it is less sure of its words than the first or lost words
    /// the first read: a model that fits the page reads its accented words with more confidence
    /// and reads every word the English one did.
    static func compare(_ second: RecognizedPage, to first: RecognizedPage) -> (better: Bool, summary: String) {
        let firstWords = first.lines.reduce(0) { $0 + $1.words.count }, secondWords = second.lines.reduce(0) { $0 + $1.words.count }
        let firstConfidence = first.meanConfidence ?? 0, secondConfidence = second.meanConfidence ?? 0
        let better = secondConfidence >= firstConfidence - confidenceTolerance
            && Double(secondWords) >= minimumWordShare * Double(firstWords)
        let figures = "mean confidence \(LanguageIdentifier.format(secondConfidence)) vs \(LanguageIdentifier.format(firstConfidence)), "
            + "\(secondWords) vs \(firstWords) words"
        return (better, (better ? "kept: " : "not kept: ") + figures)
    }

    /// Points of mean confidence the second reading may lose and still be kept.
    static let confidenceTolerance = 0.0
    /// Share of the first reading's words the second must have.
    static let minimumWordShare = 0.95
}
