import Foundation
import Documents

/// How much of each ground-truth entry is in its page's text layer: the share of its words and of its prices
/// found among the page's words, and for every word not found, why.
///
/// The ground truth (`NAME.gt.json`, ../shared/data/winelists/README.md) gives each wine's text as printed
/// and its prices as numbers; words are compared with case, accents and edge punctuation aside, prices as
/// numbers read from the page's words (£8.50, 29,75, 350,-, 1.300,-).
enum GroundTruthCheck {
    struct Truth: Decodable {
        struct Entry: Decodable {
            var page: Int
            var text: String
            var prices: [String: Double]
        }
        var file: String
        var pages: [Int]?
        var entries: [Entry]
    }

    static func run(folder: String) throws {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".gt.json") }.sorted()
        print("| file | pages | entries | verdicts | words found | prices found | entries whole |")
        print("|---|---|---:|---|---:|---:|---:|")
        var missingReport: [String] = []
        var allWords = 0, allFound = 0, allPrices = 0, allPricesFound = 0
        for name in names {
            let truth = try JSONDecoder().decode(Truth.self, from: Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(name)")))
            guard truth.file.lowercased().hasSuffix(".pdf") else { continue }
            let pages = truth.pages ?? Array(Set(truth.entries.map(\.page))).sorted()
            let document = try PDFDocument(path: "\(folder)/\(truth.file)")
            var pageWords: [Int: [String]] = [:]
            var verdicts: [String] = []
            for number in pages {
                let reading = try document.page(number).read()
                pageWords[number] = reading.textLayer.words.map(\.text)
                verdicts.append(reading.verdict.kind.rawValue)
            }
            var words = 0, found = 0, prices = 0, pricesFound = 0, whole = 0
            for entry in truth.entries {
                let pool = pageWords[entry.page] ?? []
                let normalizedPool = Set(pool.map(LayerWords.normalize))
                let numbers = Set(pool.compactMap(PriceText.value))
                var entryWhole = true
                for token in entry.text.split(whereSeparator: { $0.isWhitespace }).map(String.init) {
                    let key = LayerWords.normalize(token)
                    guard !key.isEmpty else { continue }
                    words += 1
                    if normalizedPool.contains(key) {
                        found += 1
                    } else {
                        entryWhole = false
                        missingReport.append("\(truth.file) p\(entry.page): \"\(token)\" — \(reason(key, pool: pool)) (in \"\(entry.text)\")")
                    }
                }
                for (column, price) in entry.prices.sorted(by: { $0.key < $1.key }) {
                    prices += 1
                    if numbers.contains(price) {
                        pricesFound += 1
                    } else {
                        entryWhole = false
                        missingReport.append("\(truth.file) p\(entry.page): price \(column) \(price) — not among the page's numbers (in \"\(entry.text)\")")
                    }
                }
                if entryWhole { whole += 1 }
            }
            allWords += words; allFound += found; allPrices += prices; allPricesFound += pricesFound
            let verdictList = Dictionary(grouping: verdicts, by: { $0 }).map { "\($0.key) \($0.value.count)" }.sorted().joined(separator: ", ")
            print("| \(truth.file) | \(pages.map(String.init).joined(separator: ",")) | \(truth.entries.count) | \(verdictList) | "
                  + percent(found, words) + " | " + percent(pricesFound, prices) + " | " + percent(whole, truth.entries.count) + " |")
        }
        print("")
        print("all: words \(percent(allFound, allWords)), prices \(percent(allPricesFound, allPrices))")
        print("")
        print("missing (\(missingReport.count)):")
        for line in missingReport { print("- \(line)") }
    }

    static func percent(_ part: Int, _ whole: Int) -> String {
        String(format: "%.1f %% (%d/%d)", 100 * Double(part) / Double(max(whole, 1)), part, whole)
    }

    /// Why a ground-truth word is not among the page's words.
    static func reason(_ key: String, pool: [String]) -> String {
        let normalized = pool.map(LayerWords.normalize)
        if let glued = pool.first(where: { LayerWords.normalize($0).contains(key) && LayerWords.normalize($0) != key }) {
            return "inside the longer word \"\(glued)\" (run together, or written differently)"
        }
        for (index, word) in pool.enumerated() where word.hasSuffix("-") && index + 1 < pool.count {
            let joined = LayerWords.normalize(String(word.dropLast()) + pool[index + 1])
            if joined == key { return "hyphenated across a line (\"\(word)\" \"\(pool[index + 1])\")" }
        }
        if let part = normalized.first(where: { !$0.isEmpty && $0.count >= 2 && key.hasPrefix($0) && $0 != key }) {
            return "split: \"\(part)\" is only the start"
        }
        return "absent from the layer"
    }
}

/// A price as printed, read as a number.
enum PriceText {
    static func value(_ word: String) -> Double? {
        var text = word.trimmingCharacters(in: CharacterSet(charactersIn: "£€$¥()~/*"))
        if text.hasSuffix(",-") || text.hasSuffix(".-") { text = String(text.dropLast(2)) }
        if text.hasSuffix(",") || text.hasSuffix(".") { text = String(text.dropLast()) }
        guard !text.isEmpty, text.allSatisfy({ $0.isNumber || $0 == "," || $0 == "." }), text.first?.isNumber == true else { return nil }
        if text.range(of: #"^\d{1,3}(\.\d{3})+(,\d+)?$"#, options: .regularExpression) != nil {
            return Double(text.replacingOccurrences(of: ".", with: "").replacingOccurrences(of: ",", with: "."))
        }
        if text.range(of: #"^\d{1,3}(,\d{3})+(\.\d+)?$"#, options: .regularExpression) != nil {
            return Double(text.replacingOccurrences(of: ",", with: ""))
        }
        if text.range(of: #"^\d+,\d{1,2}$"#, options: .regularExpression) != nil {
            return Double(text.replacingOccurrences(of: ",", with: "."))
        }
        return Double(text)
    }
}
