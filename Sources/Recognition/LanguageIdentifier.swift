import Foundation

/// Names the language a page is written in from the words a first reading gave, so that the page
/// can be read again with that language's model. A first reading with English gets a foreign
/// page's short function words right (`und`, `della`, `avec`) even where it loses the accents of
/// the longer words, so those words, and whatever letters with diacritics English still reads,
/// are the evidence. A word shared by several languages (`de`, `la`, `en`) counts for each of
/// them in equal parts, so only the words one language has alone can make it stand out.
public struct LanguageIdentifier: Sendable {
    public var profiles: [LanguageProfile]
    /// Least evidence (in words) a language needs before it is named: a handful of words could be
    /// a quoted name or a misreading.
    public var minimumEvidence: Double
    /// Least share of all the page's evidence the language must hold: on an English page a few
    /// foreign words do not make it foreign.
    public var minimumShare: Double
    /// How far the language must lead the next non-English one: between Spanish and Italian (which
    /// share `la`, `del`, `con`) a narrow lead is a guess, and a wrong model reads worse than English.
    public var minimumLead: Double

    public init(profiles: [LanguageProfile] = LanguageProfile.builtIn, minimumEvidence: Double = 4,
                minimumShare: Double = 0.35, minimumLead: Double = 1.5) {
        self.profiles = profiles
        self.minimumEvidence = minimumEvidence
        self.minimumShare = minimumShare
        self.minimumLead = minimumLead
    }

    /// The verdict on a page: the evidence for every language, and the one named (nil: English, or
    /// nothing clear enough).
    public struct Guess: Sendable, Equatable {
        /// Evidence per language code, in words (shared words split between their languages).
        public var evidence: [String: Double]
        /// The non-English language the page is confidently in, if any.
        public var language: String?
        /// Why: the evidence, or what was missing, in words a report can show.
        public var reason: String
    }

    /// A letter with diacritics counts as half a word: OCR with the English model turns most of
    /// them into plain letters, and the few it keeps are often misread specks.
    static let letterWeight = 0.5

    public func identify(_ words: [String]) -> Guess {
        var evidence = Dictionary(uniqueKeysWithValues: profiles.map { ($0.code, 0.0) })
        var examples: [String: [String: Int]] = [:]
        for raw in words {
            let word = Self.normalize(raw)
            guard !word.isEmpty else { continue }
            let speakers = word.count >= 2 ? profiles.filter { $0.functionWords.contains(word) } : []
            for profile in speakers {
                evidence[profile.code, default: 0] += 1 / Double(speakers.count)
                examples[profile.code, default: [:]][word, default: 0] += 1
            }
            // A word's distinctive letters count once per word, shared between the languages that
            // spell with them.
            let letters = Set(word).filter { letter in profiles.contains { $0.letters.contains(letter) } }
            for letter in letters {
                let spellers = profiles.filter { $0.letters.contains(letter) }
                for profile in spellers {
                    evidence[profile.code, default: 0] += Self.letterWeight / Double(letters.count) / Double(spellers.count)
                    examples[profile.code, default: [:]][String(letter), default: 0] += 1
                }
            }
        }
        let total = evidence.values.reduce(0, +)
        let foreign = evidence.filter { $0.key != "eng" }.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        func describe(_ code: String) -> String {
            let top = (examples[code] ?? [:]).sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(4)
            return "\(code) \(Self.format(evidence[code] ?? 0)) (\(top.map(\.key).joined(separator: ", ")))"
        }
        guard let best = foreign.first, best.value > 0 else {
            return Guess(evidence: evidence, language: nil, reason: "no foreign function words")
        }
        let runnerUp = foreign.dropFirst().first?.value ?? 0
        let share = total > 0 ? best.value / total : 0
        let summary = "\(describe(best.key)) of \(Self.format(total)) words of evidence"
        if best.value < minimumEvidence {
            return Guess(evidence: evidence, language: nil, reason: "\(summary): too few to name a language")
        }
        if best.value < minimumLead * runnerUp, let second = foreign.dropFirst().first {
            return Guess(evidence: evidence, language: nil, reason: "\(summary): too close to \(describe(second.key))")
        }
        if share < minimumShare {
            return Guess(evidence: evidence, language: nil,
                         reason: "\(summary): only \(Int((share * 100).rounded())) % of it, next to \(describe("eng"))")
        }
        return Guess(evidence: evidence, language: best.key, reason: summary)
    }

    /// Lower case, without the punctuation OCR leaves on a word's ends (`(della`, `und,`). Words
    /// with digits are prices, vintages or bins, not language; capitals of three letters or fewer
    /// are codes (`IT`, `FR`, `DOC`), which lists print beside wines of every language.
    static func normalize(_ word: String) -> String {
        let trimmed = word.trimmingCharacters(in: .punctuationCharacters.union(.symbols).union(.whitespaces))
        guard !trimmed.isEmpty, trimmed.allSatisfy({ $0.isLetter || $0 == "'" || $0 == "’" }) else { return "" }
        if trimmed.count <= 3, trimmed.allSatisfy(\.isUppercase) { return "" }
        return trimmed.lowercased()
    }

    /// One decimal at most, as reasons print figures.
    public static func format(_ value: Double) -> String {
        let tenths = (value * 10).rounded() / 10
        return tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)
    }
}
