import Foundation

/// How engines are started. Shared by every worker so all engines read the same way.
public struct OCRConfiguration: Sendable, Equatable, Codable {
    /// Tesseract language codes joined by "+", e.g. "eng+fra+ita".
    public var languages: String
    /// Folder holding `*.traineddata`; nil uses TESSDATA_PREFIX or Debian's location.
    public var dataPath: String?
    /// Extra Tesseract variables set after init.
    public var variables: [String: String]

    public init(languages: String = "eng", dataPath: String? = nil, variables: [String: String] = OCRConfiguration.defaultVariables) {
        self.languages = languages
        self.dataPath = dataPath
        self.variables = variables
    }

    /// `tessedit_do_invert=0` skips the second pass that looks for white-on-dark text: printed
    /// menus and receipts are dark on light, and the pass costs time on every line.
    /// `debug_file=/dev/null` keeps Tesseract's chatter ("Estimating resolution as 360", "Detected
    /// 42 diacritics") off stderr, where Decant reports problems of its own.
    public static let defaultVariables: [String: String] = ["tessedit_do_invert": "0", "debug_file": "/dev/null"]

    public var languageList: [String] { languages.split(separator: "+").map(String.init).filter { !$0.isEmpty } }

    /// The tessdata folder that will be used, in Tesseract's own order of preference.
    public var resolvedDataPath: String {
        if let dataPath { return dataPath }
        if let prefix = ProcessInfo.processInfo.environment["TESSDATA_PREFIX"], !prefix.isEmpty { return prefix }
        for candidate in ["/usr/share/tesseract-ocr/5/tessdata", "/usr/share/tesseract-ocr/4.00/tessdata",
                          "/usr/share/tessdata", "/usr/local/share/tessdata"]
        where FileManager.default.fileExists(atPath: candidate) {
            return candidate
        }
        return "/usr/share/tesseract-ocr/5/tessdata"
    }

    /// Checks that every language's traineddata exists, naming the Debian package that provides it.
    public func validate() throws(RecognitionError) {
        let languages = languageList
        guard !languages.isEmpty else { throw RecognitionError(.missingLanguage, "no OCR language given (--lang eng)") }
        let folder = resolvedDataPath
        var missing: [String] = []
        for code in languages where !FileManager.default.fileExists(atPath: "\(folder)/\(code).traineddata") {
            missing.append(code)
        }
        guard missing.isEmpty else {
            let packages = missing.map(Self.debianPackage(for:)).joined(separator: " ")
            throw RecognitionError(.missingLanguage,
                "Tesseract language data missing: \(missing.map { "\($0).traineddata" }.joined(separator: ", ")) not in \(folder). "
                + "Install it with: sudo apt-get install \(packages)")
        }
    }

    /// Debian names language packs tesseract-ocr-CODE, with underscores as dashes (chi_sim → chi-sim).
    /// Script models (Latin, Cyrillic, HanS …, capitalized, upstream under `script/`) come in
    /// tesseract-ocr-script-XXXX packages named by the script's ISO 15924 code.
    public static func debianPackage(for code: String) -> String {
        let name = code.hasPrefix("script/") ? String(code.dropFirst("script/".count)) : code
        let base = name.split(separator: "_").first.map(String.init) ?? name
        if let script = scriptCodes[base] {
            return "tesseract-ocr-script-" + script + (name.hasSuffix("_vert") ? "-vert" : "")
        }
        return "tesseract-ocr-" + name.lowercased().replacingOccurrences(of: "_", with: "-")
    }

    /// Tesseract's script model names and their ISO 15924 codes, as Debian's packages use them.
    static let scriptCodes: [String: String] = [
        "Arabic": "arab", "Armenian": "armn", "Bengali": "beng", "Canadian": "cans", "Cherokee": "cher",
        "Cyrillic": "cyrl", "Devanagari": "deva", "Ethiopic": "ethi", "Fraktur": "frak", "Georgian": "geor",
        "Greek": "grek", "Gujarati": "gujr", "Gurmukhi": "guru", "Hangul": "hang", "HanS": "hans", "HanT": "hant",
        "Hebrew": "hebr", "Japanese": "jpan", "Kannada": "knda", "Khmer": "khmr", "Lao": "laoo", "Latin": "latn",
        "Malayalam": "mlym", "Myanmar": "mymr", "Oriya": "orya", "Sinhala": "sinh", "Syriac": "syrc",
        "Tamil": "taml", "Telugu": "telu", "Thaana": "thaa", "Thai": "thai", "Tibetan": "tibt", "Vietnamese": "viet",
    ]
}
