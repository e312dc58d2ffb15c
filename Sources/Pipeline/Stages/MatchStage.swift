import Catalogue
import Entries
import Reporting

/// What the match stage gives: a row per wine-list entry or receipt item, with its match.
struct MatchedPage {
    var entries: [EntryRecord] = []
    var items: [ReceiptItemRecord] = []
}

/// The match stage: every wine-list entry, and every receipt item, matched against the catalogue,
/// with the insight columns (score, drink window, value, budget) of the wine it names.
struct MatchStage: Sendable {
    let matcher: Matcher
    let insights: InsightOptions

    func match(_ parsed: ParsedPage, job: String, image: String) -> MatchedPage {
        var matched = MatchedPage()
        let scratch = matcher.makeScratch()
        let bottlePrices = parsed.entries.compactMap { Insights.bottlePrice($0.prices) }
        for entry in parsed.entries {
            // Region and grapes the parser found go along: the matcher checks they agree with the label.
            let context = ([entry.region].compactMap { $0 } + entry.grapes).joined(separator: " ")
            let match = matcher.match(MatchQuery(context.isEmpty ? entry.name : "\(entry.name), \(context)", vintage: entry.vintage),
                                      scratch: scratch)
            let words = ([entry.name, entry.wine, entry.region, entry.section].compactMap { $0 } + entry.grapes).joined(separator: " ")
            let listed = ListedWine(prices: entry.prices, currency: entry.currency, colour: entry.colour, vintage: entry.vintage,
                                    words: words,
                                    premium: StyleWindow.isPremium(price: Insights.bottlePrice(entry.prices), among: bottlePrices))
            let insight = Insights.insight(wine: matchedWine(match), listed: listed, options: insights)
            matched.entries.append(EntryRecord(job: job, image: image, entry: entry, match: match, insight: insight))
        }
        guard let receipt = parsed.receipt else { return matched }
        let lines = parsed.receiptPage?.lines ?? []
        for item in receipt.items {
            // Items are matched like wine-list entries; most are not wines and match nothing.
            let match = matcher.match(MatchQuery(item.wineName ?? item.description, vintage: item.vintage), scratch: scratch)
            let found = match.type == .none ? nil : match
            let words = lines.indices.contains(item.line) ? lines[item.line].confidence : 0
            let listed = ListedWine(prices: [Price(amount: item.amount, column: .bottle)], currency: receipt.currency,
                                    vintage: item.vintage, words: item.wineName ?? item.description)
            let insight = Insights.insight(wine: matchedWine(match), listed: listed, options: insights)
            matched.entries.append(EntryRecord(job: job, image: image, item: item, currency: receipt.currency,
                                               match: found, confidence: words, insight: insight))
            matched.items.append(ReceiptItemRecord(job: job, image: image, item: matched.items.count + 1,
                                                   receiptItem: item, currency: receipt.currency, match: found))
        }
        return matched
    }

    /// The catalogue row an answer names (none for "no match" and "producer-only").
    func matchedWine(_ match: MatchResult) -> Wine? {
        guard match.matchedID != nil, let row = match.best?.row, row < matcher.catalogue.count else { return nil }
        return matcher.catalogue[row]
    }
}
