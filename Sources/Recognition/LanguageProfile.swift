/// What marks text as written in one language, in the words any page of it prints whatever it is
/// about: its commonest function words (articles, prepositions, conjunctions, possessives) and the
/// letters with diacritics its spelling uses. Wine names and menu vocabulary are left out on
/// purpose, so that a page is judged by its language, not by the wines it lists.
public struct LanguageProfile: Sendable, Equatable {
    /// Tesseract's code for the language (`deu`), which names its traineddata.
    public var code: String
    public var name: String
    /// Lower-case function words of two letters or more: one-letter words (`y`, `e`, `a`) are what
    /// OCR makes of specks and rules.
    public var functionWords: Set<String>
    /// Lower-case letters its spelling has and English does not.
    public var letters: Set<Character>

    public init(code: String, name: String, functionWords: Set<String>, letters: Set<Character>) {
        self.code = code
        self.name = name
        self.functionWords = functionWords
        self.letters = letters
    }

    /// English and the seven languages real wine lists come in, each with a Debian model package
    /// (tesseract-ocr-CODE). The words are from general stopword lists, not from any wine list.
    public static let builtIn: [LanguageProfile] = [
        LanguageProfile(code: "eng", name: "English", functionWords: [
            "the", "and", "of", "with", "by", "from", "to", "in", "or", "for", "on", "our", "is", "are", "this", "that",
            "all", "we", "your", "at", "as", "be", "it", "not", "an", "its", "per", "each", "has", "have", "which", "ask",
        ], letters: []),
        LanguageProfile(code: "deu", name: "German", functionWords: [
            "der", "die", "das", "und", "von", "vom", "mit", "aus", "im", "zum", "zur", "den", "dem", "des", "ein", "eine",
            "einer", "für", "auf", "ist", "nicht", "oder", "bei", "wir", "unser", "unsere", "sie", "auch", "nach", "über",
            "am", "zu", "sind", "ihr", "ihre", "je",
        ], letters: ["ä", "ö", "ü", "ß"]),
        LanguageProfile(code: "nld", name: "Dutch", functionWords: [
            "het", "een", "en", "van", "met", "op", "voor", "uit", "niet", "ook", "bij", "aan", "naar", "wij", "onze",
            "ons", "uw", "zijn", "wordt", "of", "de", "te", "dit", "deze", "per", "tot", "om",
        ], letters: ["ë", "ï", "ĳ"]),
        LanguageProfile(code: "dan", name: "Danish", functionWords: [
            "og", "af", "med", "til", "fra", "på", "en", "et", "den", "det", "de", "er", "som", "for", "vi", "vores",
            "ikke", "eller", "hos", "ved", "om", "jer", "jeres", "vor", "alle", "har",
        ], letters: ["æ", "ø", "å"]),
        LanguageProfile(code: "spa", name: "Spanish", functionWords: [
            "el", "la", "los", "las", "de", "del", "con", "en", "por", "para", "un", "una", "al", "que", "es", "su",
            "sus", "sin", "nuestro", "nuestra", "nuestros", "nuestras", "se", "más", "muy", "lo",
        ], letters: ["ñ", "á", "í", "ó", "ú", "¿", "¡"]),
        LanguageProfile(code: "ita", name: "Italian", functionWords: [
            "il", "lo", "la", "gli", "le", "di", "del", "della", "dello", "dei", "delle", "degli", "con", "da", "dal",
            "dalla", "in", "per", "un", "una", "al", "alla", "alle", "che", "sono", "nostro", "nostra", "nostri",
            "nella", "nel", "ed", "anche", "più",
        ], letters: ["à", "è", "ì", "ò", "ù"]),
        LanguageProfile(code: "fra", name: "French", functionWords: [
            "le", "la", "les", "de", "du", "des", "et", "en", "au", "aux", "avec", "un", "une", "pour", "par", "sur",
            "dans", "ou", "est", "notre", "nos", "sans", "votre", "vos", "ce", "cette", "qui", "que", "sont", "leur",
        ], letters: ["é", "è", "ê", "ë", "à", "â", "ç", "î", "ï", "ô", "û", "ù", "œ"]),
        LanguageProfile(code: "tur", name: "Turkish", functionWords: [
            "ve", "ile", "bir", "bu", "için", "da", "de", "veya", "çok", "her", "gibi", "olan", "ya", "ama", "daha",
            "şu", "ki", "mı", "mi", "en",
        ], letters: ["ş", "ğ", "ı", "ç", "ö", "ü"]),
    ]
}
