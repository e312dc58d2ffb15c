import Foundation

/// Producer, wine, region, country and grapes of one entry, as far as its printed words say them.
public struct WineNameFields: Sendable, Equatable {
    public var producer: String?
    public var wine: String?
    public var region: String?
    public var country: String?
    public var grapes: [String] = []

    public init(producer: String? = nil, wine: String? = nil, region: String? = nil, country: String? = nil, grapes: [String] = []) {
        self.producer = producer
        self.wine = wine
        self.region = region
        self.country = country
        self.grapes = grapes
    }
}

/// Splits an entry's name the way lists print it: "Producer, Cuvée, Region, Country",
/// "Grape, Producer Cuvée" or "Producer Cuvée" over a "Region, Country" line. Commas and dashes
/// separate the parts; the vocabulary (countries, regions, grapes, cuvée words) says which part is
/// which, and, where the producer and the cuvée share a part, where the cuvée begins. A field the
/// words do not settle stays empty rather than guessed.
public struct WineNameSplitter: Sendable {
    public var vocabulary: WineVocabulary

    public init(vocabulary: WineVocabulary = .builtIn) {
        self.vocabulary = vocabulary
    }

    /// Words that start a producer's name and bind the next words to it ("Château Margaux" is a
    /// producer, not a region), and the particles inside names ("Domaine de Chevalier").
    static let producerWords: Set<String> = ["chateau", "domaine", "dom", "clos", "maison", "mas", "cave", "caves", "cantina",
                                             "tenuta", "castello", "fattoria", "podere", "azienda", "casa", "bodega", "bodegas",
                                             "quinta", "weingut", "schloss", "villa", "cellier", "vignoble", "vignobles",
                                             "chateaux", "herdade", "vina", "vinedos", "abbazia", "marchesi", "conte", "cascina"]
    static let particles: Set<String> = ["de", "du", "des", "d", "la", "le", "les", "l", "di", "del", "della", "dei", "degli", "da",
                                         "do", "dos", "das", "von", "van", "der", "den", "y", "e", "et", "&", "and", "of", "the",
                                         "el", "los", "las", "san", "santa", "saint", "sainte", "st", "ste", "zu", "am", "im"]

    /// `name`: the entry's name (abbreviations expanded, vintage, prices, size and bin removed);
    /// `details`: the lines printed under it (a region line, a tasting note).
    public func split(name: String, details: [String] = []) -> WineNameFields {
        var fields = WineNameFields()
        var parts = separatingCountry(Self.parts(name))
        // A line under the name that says where the wine is from ("Champagne, France").
        var detailsPlace = false
        for line in details {
            let lineParts = separatingCountry(Self.parts(line))
            guard !lineParts.isEmpty, lineParts.count <= 3,
                  let (region, country, used) = place(of: lineParts, inName: false), used == lineParts.count else { continue }
            fields.region = region
            fields.country = country
            detailsPlace = true
            break
        }
        // Trailing region and country in the name ("…, Washington, USA", "…, Champagne"). With a
        // region line under the name, a lone appellation after the producer is the wine's name
        // ("Clos des Trois Chênes, Chablis" over "Burgundy, France").
        if let (region, country, used) = place(of: parts, inName: true, regionAlone: detailsPlace ? 3 : 2) {
            fields.region = fields.region ?? region
            fields.country = fields.country ?? country
            parts.removeLast(used)
        }
        // Unsplit "Producer Cuvée Region": a broad region that ends the name (an appellation there
        // names the wine: "Pascal Jolivet Sancerre").
        if parts.count == 1, fields.region == nil, let words = parts.first, words.count >= 3,
           let last = vocabulary.matches(in: words).last, last.words.upperBound == words.count, last.words.lowerBound >= 2,
           let term = last.term(.region), term.region == nil, last.terms.count == 1 {
            fields.region = term.canonical
            fields.country = term.country
            parts = [Array(words[..<last.words.lowerBound])]
        }
        // Grapes printed first ("Pinot Noir, Laurent-Perrier Cuvée Rosé").
        var leadingGrapes: [String] = []
        if parts.count >= 2, let grapes = vocabulary.covering(parts[0], kind: .grape, fuzzy: true) {
            leadingGrapes = grapes.map(\.name)
            parts.removeFirst()
        }
        // "Dom, Ramonet": a producer word alone before a comma (a full stop OCR read as one) is no producer.
        if parts.count >= 2, parts[0].allSatisfy({ Self.producerWords.contains(WineVocabulary.fold($0)) }) {
            parts[1] = parts[0] + parts[1]
            parts.removeFirst()
        }
        // Digits left before the producer (a bin or a price OCR split off): no part of a name.
        if var first = parts.first {
            while first.count > 1, let w = first.first, !w.contains(where: \.isLetter) { first.removeFirst() }
            parts[0] = first
        }
        if parts.count >= 2 {
            fields.producer = Self.text(parts[0])
            fields.wine = parts.dropFirst().map(Self.text).joined(separator: ", ")
        } else if let words = parts.first, let start = cuveeStart(words) {
            fields.producer = Self.text(Array(words[..<start]))
            fields.wine = Self.text(Array(words[start...]))
        } else if let words = parts.first, words.count == 1, !leadingGrapes.isEmpty {
            // "Sauvignon Blanc, Greywacke": one word is the producer; the grape is the wine.
            fields.producer = words[0]
        }
        if fields.wine == nil, fields.producer != nil, !leadingGrapes.isEmpty {
            fields.wine = leadingGrapes.joined(separator: ", ")
        }
        // Grapes named in the wine (or, unsplit, anywhere in the name): "Eroica Riesling".
        let wineWords = fields.wine.map { $0.split(whereSeparator: \.isWhitespace).map(String.init) }
            ?? (fields.producer == nil ? parts.flatMap { $0 } : [])
        let wineMatches = vocabulary.matches(in: wineWords)
        var grapes = leadingGrapes
        for match in wineMatches {
            guard let grape = match.term(.grape), match.term(.region) == nil || fields.region != nil else { continue }
            if !grapes.contains(where: { WineVocabulary.fold($0) == WineVocabulary.fold(grape.name) }) { grapes.append(grape.name) }
        }
        fields.grapes = grapes
        // An appellation in the wine's name gives the region when no region was printed on its own
        // ("Domaine Huet Vouvray Le Haut-Lieu": Loire, France).
        if fields.region == nil, let term = wineMatches.lazy.compactMap({ $0.term(.region) }).first {
            fields.region = term.region ?? term.canonical
            fields.country = fields.country ?? term.country
        }
        if fields.country == nil, let region = fields.region,
           let term = vocabulary.matches(in: region.split(whereSeparator: \.isWhitespace).map(String.init)).first?.term(.region) {
            fields.country = term.country
        }
        return fields
    }

    /// A country at the end of the last part that a full stop, not a comma, set apart ("Champagne.
    /// France"), or that OCR left a stray mark after ("France A74", "South Africa eae"), made its own part.
    func separatingCountry(_ parts: [[String]]) -> [[String]] {
        guard var last = parts.last, last.count >= 2, vocabulary.covering(last, kind: .country, fuzzy: true) == nil else { return parts }
        var out = parts
        if let junk = last.last, junk.count <= 4, junk.first?.isUppercase != true || junk.contains(where: \.isNumber),
           vocabulary.covering(Array(last.dropLast()), kind: .country, fuzzy: true) != nil || last.count >= 3 {
            last.removeLast()
            out[out.count - 1] = last
            if vocabulary.covering(last, kind: .country, fuzzy: true) != nil { return out }
        }
        for n in [2, 1] where last.count > n {
            let tail = Array(last.suffix(n))
            if last[last.count - n - 1].hasSuffix("."), vocabulary.covering(tail, kind: .country, fuzzy: true) != nil {
                out[out.count - 1] = Array(last.dropLast(n))
                out.append(tail)
                return out
            }
        }
        return parts
    }

    /// Region and country from the last parts: a country, a known region, or an unknown region
    /// before a country ("Sussex, England"). `used` counts the parts they took. In a name, a region
    /// needs a producer and a wine before it ("Krug, Champagne" is not read as a region: "Clos des
    /// Trois Chênes, Chablis" names its wine after its appellation).
    func place(of parts: [[String]], inName: Bool, regionAlone: Int = 1) -> (region: String?, country: String?, used: Int)? {
        let regionParts = inName ? regionAlone : 1
        guard let last = parts.last else { return nil }
        if let country = vocabulary.covering(last, kind: .country, fuzzy: true), country.count == 1 {
            let country = country[0].canonical
            if parts.count >= 2 {
                let before = parts[parts.count - 2]
                if let region = vocabulary.covering(before, kind: .region, fuzzy: true), region.count == 1 {
                    return (region[0].canonical, country, 2)
                }
                // An unknown region before a country: short, and no cuvée or grape words in it.
                if parts.count >= 4 || !inName, before.count <= 4,
                   before.first.map({ $0.first?.isUppercase ?? false }) ?? false,
                   !vocabulary.matches(in: before).contains(where: { $0.term(.cuvee) != nil || $0.term(.grape) != nil }) {
                    return (Self.text(before), country, 2)
                }
            }
            return (nil, country, 1)
        }
        if parts.count >= regionParts, let region = vocabulary.covering(last, kind: .region, fuzzy: true), region.count == 1,
           region[0].kind == .region {
            return (region[0].canonical, region[0].country, 1)
        }
        return nil
    }

    /// Where the cuvée begins in a part holding producer and cuvée together: the first region,
    /// grape or cuvée word after at least one word of the producer's, unless it is bound to the
    /// producer's name ("Château Margaux", "La Rioja Alta"). A grape or style word that ends the
    /// name more often ends a cuvée than starts one ("Leitz Dragonstone Riesling", "Freixenet
    /// Cordon Negro Brut"): it marks the start only after a one-word producer ("Ruinart Blanc de Blancs").
    func cuveeStart(_ words: [String]) -> Int? {
        guard words.count >= 2 else { return nil }
        for match in vocabulary.matches(in: words) where match.words.lowerBound >= 1 {
            // An appellation or a colour ending the name is the wine ("Pascal Jolivet Sancerre",
            // "Château Musar Blanc").
            if match.words.upperBound == words.count && match.words.lowerBound > 1,
               match.term(.region)?.region == nil, match.term(.colour) == nil { continue }
            if match.term(.region) == nil && match.term(.grape) == nil && match.term(.cuvee) == nil && match.term(.colour) == nil { continue }
            let before = WineVocabulary.fold(words[match.words.lowerBound - 1])
            if Self.producerWords.contains(before) || Self.particles.contains(before) { continue }
            // A producer is more than a particle ("Les Clos" is no producer before "Clos").
            let producer = words[..<match.words.lowerBound].map(WineVocabulary.fold)
            if producer.allSatisfy({ Self.particles.contains($0) || Self.producerWords.contains($0) }) { continue }
            var start = match.words.lowerBound
            // "Kendall-Jackson Vintner's Reserve": a possessive belongs to the cuvée it names.
            if start >= 2, words[start - 1].hasSuffix("'s") || words[start - 1].hasSuffix("’s") { start -= 1 }
            // German vineyards: a village's adjective ends in -er and starts the wine ("Egon Müller
            // Scharzhofberger Riesling", "Robert Weil Kiedricher Gräfenberg Riesling").
            if match.term(.grape) != nil, start > 2,
               let village = (2..<start).first(where: { words[$0].count >= 7 && words[$0].hasSuffix("er") && words[$0].first?.isUppercase == true
                   && !Self.particles.contains(WineVocabulary.fold(words[$0 - 1])) }) {
                start = village
            }
            return start
        }
        return nil
    }

    /// Whitespace words grouped into the parts commas, semicolons and free-standing dashes separate.
    static func parts(_ text: String) -> [[String]] {
        var parts: [[String]] = [[]]
        for raw in text.split(whereSeparator: \.isWhitespace).map(String.init) {
            if raw == "-" || raw == "–" || raw == "—" || raw == "|" {
                if !(parts.last?.isEmpty ?? true) { parts.append([]) }
                continue
            }
            var word = raw
            let ends = word.last.map { $0 == "," || $0 == ";" } ?? false
            if ends { word.removeLast() }
            if !word.isEmpty { parts[parts.count - 1].append(word) }
            if ends, !(parts.last?.isEmpty ?? true) { parts.append([]) }
        }
        return parts.filter { !$0.isEmpty }
    }

    static func text(_ words: [String]) -> String { words.joined(separator: " ") }
}
