import Testing
@testable import Recognition

/// Made-up lines in each language, as an English first reading gives them (accents mostly lost).
@Suite struct LanguageIdentifierTests {
    let identifier = LanguageIdentifier()

    func words(_ text: String) -> [String] { text.split(whereSeparator: \.isWhitespace).map(String.init) }

    @Test(arguments: [
        ("deu", "Riesling vom Kalkstein aus der Pfalz, trocken und frisch mit Noten von Apfel; die Reben im Steilhang des Tals"),
        ("fra", "Domaine du Vieux Chene, vin de pays avec des notes de fruits rouges et une finale sur les epices, pour le fromage"),
        ("ita", "Vino rosso della casa, con note di ciliegia e spezie, affinato in botti di rovere per dodici mesi dal produttore nella valle"),
        ("spa", "Vino tinto de la casa con notas de frutos rojos y especias, criado en barrica por doce meses para los amigos del pueblo"),
        ("nld", "Een frisse witte wijn van de Loire met tonen van appel en citrus, ook lekker bij vis uit de oven voor het diner"),
        ("dan", "En frisk hvidvin fra Loire med noter af æble og citrus, som passer til fisk og skaldyr på vores terrasse"),
        ("tur", "Ege bağlarından bir beyaz şarap ve taze meyve notaları ile balık için çok uygun bu şarap"),
    ])
    func namesEachLanguageFromItsFunctionWords(code: String, text: String) {
        let guess = identifier.identify(words(text))
        #expect(guess.language == code, "\(guess.reason)")
    }

    @Test func anAllEnglishPageStaysEnglish() {
        let page = """
        Our wines by the glass and by the bottle. Please ask your server for the list of vintages.
        Cabernet Sauvignon, Napa Valley 2018 with notes of cherry and oak 65
        Chardonnay from the Sonoma Coast, served by the glass 14
        """
        let guess = identifier.identify(words(page))
        #expect(guess.language == nil, "\(guess.reason)")
        #expect((guess.evidence["eng"] ?? 0) > 5)
    }

    @Test func aFewFrenchNamesOnAnEnglishPageDoNotMakeItFrench() {
        let page = """
        Our wines by the glass and by the bottle, all of them chosen for this menu with care, and served at the right temperature.
        Please ask the sommelier for the vintages we have in the cellar this month, or for a wine to go with your meal.
        Cotes du Rhone 2019 45   Sancerre 2021 52   Chablis 2020 60
        """
        let guess = identifier.identify(words(page))
        #expect(guess.language == nil, "\(guess.reason)")
    }

    @Test func aMixedEnglishAndFrenchPageIsReadAsFrench() {
        let page = """
        Wines by the glass
        Chateau de la Tour, vin de Bordeaux avec des notes de cassis et une finale sur le bois 14
        Domaine des Roches, Cotes du Rhone, pour les amateurs de Syrah et de Grenache 12
        Sparkling: Cremant de Loire, fines bulles et fruits blancs 11
        """
        let guess = identifier.identify(words(page))
        #expect(guess.language == "fra", "\(guess.reason)")
    }

    @Test func sharedWordsAloneDoNotPickALanguage() {
        // "de", "la", "en" belong to several languages: none stands out.
        let guess = identifier.identify(words(String(repeating: "de la en ", count: 8)))
        #expect(guess.language == nil, "\(guess.reason)")
        #expect(guess.reason.contains("too close"))
    }

    @Test func lettersWithDiacriticsCount() {
        // No function words at all: the letters English never prints decide (half a word each, as
        // English reads few of them and some of those are specks).
        let names = "Weißburgunder Grüner Müller Spätlese Süß Größe Öko Fräulein Rüdesheimer Märkisch Säure Würzburger"
        let guess = identifier.identify(words(names))
        #expect(guess.language == "deu", "\(guess.reason)")
    }

    @Test func numbersAndPunctuationAreNotLanguage() {
        #expect(LanguageIdentifier.normalize("(della,") == "della")
        #expect(LanguageIdentifier.normalize("2019") == "")
        #expect(LanguageIdentifier.normalize("€45") == "")
        #expect(LanguageIdentifier.normalize("IT") == "")
        #expect(LanguageIdentifier.normalize("It") == "it")
        #expect(LanguageIdentifier.normalize("ÜBER") == "über")
        let guess = identifier.identify(words("2019 45,00 — 12/48 ; 350,- €"))
        #expect(guess.language == nil)
        #expect(guess.evidence.values.allSatisfy { $0 == 0 })
    }

    @Test func tooLittleEvidenceIsSaid() {
        let guess = identifier.identify(words("Riesling und Silvaner 2019"))
        #expect(guess.language == nil)
        #expect(guess.reason.contains("too few"))
    }

    @Test func everyProfileHasADebianPackageName() {
        for profile in LanguageProfile.builtIn {
            #expect(OCRConfiguration.debianPackage(for: profile.code) == "tesseract-ocr-\(profile.code)")
            #expect(profile.functionWords.allSatisfy { $0.count >= 2 && $0 == $0.lowercased() })
        }
    }
}
