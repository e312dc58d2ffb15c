import Catalogue
import Entries
import Reporting

/// Passes over a whole job's pages once every page is read: what no page can know alone. They run
/// when the job's reports are written, so a merged sharded run settles exactly as a single run.
public enum JobPasses {
    /// Every pass, in order: the list's best values and report filters, then the receipts' merchants
    /// and the order of their ambiguous dates.
    public static func apply(to pages: [PageResult], insights: InsightOptions) -> [PageResult] {
        withDuplicateReceipts(withJobDateOrder(withMerchantConsensus(withListInsights(pages, options: insights))))
    }

    /// A receipt photographed twice reported once (`ReceiptDuplicates`): the earlier photo's
    /// receipt (marked `duplicateOf`) and items leave receipts.json and items.csv, its page stays
    /// in pages.json with a warning naming the photo kept, and the kept receipt names it in
    /// `duplicatePhotos`.
    public static func withDuplicateReceipts(_ pages: [PageResult]) -> [PageResult] {
        let keptFor = ReceiptDuplicates.duplicates(in: pages)
        guard keptFor.contains(where: { $0 != nil }) else { return pages }
        var out = pages
        for (i, duplicate) in keptFor.enumerated() {
            guard let (kept, evidence) = duplicate else { continue }
            let name = pages[kept].record.sourceName
            var earlier = out[kept].receipt?.duplicatePhotos ?? []
            if !earlier.contains(pages[i].record.sourceName) { earlier.append(pages[i].record.sourceName) }
            out[kept].receipt?.duplicatePhotos = earlier
            // The page is scored and shown as the purchase reported: the kept photo's receipt.
            var reported = pages[kept].receipt
            reported?.image = pages[i].record.image
            reported?.page = pages[i].record.page
            reported?.duplicatePhotos = nil
            reported?.duplicateOf = name
            out[i].receipt = reported
            out[i].items = []
            out[i].record.warnings.append("the same receipt as \(name) (\(evidence)): reported once, from \(name), the later photo")
        }
        return out
    }

    /// A job is one list: best value is marked across all its pages, then the report filters apply.
    public static func withListInsights(_ pages: [PageResult], options: InsightOptions) -> [PageResult] {
        let ordered = pages.sorted(by: PageResult.inReadingOrder)
        var all = ordered.flatMap { $0.entries.map(\.insight) }
        Insights.markBestValue(&all)
        var k = 0
        return ordered.map { page in
            var page = page
            for i in page.entries.indices {
                page.entries[i].insight = all[k]
                k += 1
            }
            if options.filters { page.entries = page.entries.filter { options.accepts($0.insight) } }
            return page
        }
    }

    /// A job's receipts with misread merchant names settled against the names read on its other
    /// receipts (`MerchantConsensus`); the name as read stays in receipts.json (`merchantAsRead`)
    /// and the page gets a warning. Done on the whole job when its reports are written, so a
    /// merged sharded run settles exactly as a single run.
    public static func withMerchantConsensus(_ pages: [PageResult]) -> [PageResult] {
        let fixes = MerchantConsensus.corrections(for: pages.map { $0.receipt?.merchant })
        return zip(pages, fixes).map { page, fix in
            guard let fix, let read = page.receipt?.merchant else { return page }
            var page = page
            page.receipt?.merchant = fix
            let asRead = page.receipt?.merchantAsRead ?? read
            page.receipt?.merchantAsRead = asRead
            page.record.warnings.append("merchant \"\(read)\" settled as \"\(fix)\", the name read on more of this job's receipts")
            return page
        }
    }

    /// A job's receipts whose dates could be read two ways (03/04/2018), read in the order the job's
    /// other receipts print their unambiguous dates in (`DateOrderEvidence.fromJob`): one person's
    /// receipts from one trip or one shop share a country. The reason goes to receipts.json; a
    /// receipt the job cannot settle keeps both readings.
    public static func withJobDateOrder(_ pages: [PageResult]) -> [PageResult] {
        guard pages.contains(where: { $0.receipt?.dateAmbiguous == true }),
              let settlement = DateOrderEvidence.fromJob(pages.compactMap { $0.receipt == nil ? nil : $0.text }) else { return pages }
        return pages.map { page in
            guard let receipt = page.receipt, receipt.dateAmbiguous, let printed = receipt.dateText,
                  let date = DateOrderEvidence.reading(receipt.dateReadings, printed: printed, order: settlement.order) else { return page }
            var page = page
            page.receipt?.date = date
            page.receipt?.dateAmbiguous = false
            page.receipt?.dateOrder = settlement.order.rawValue
            page.receipt?.dateOrderReason = settlement.reason
            page.receipt?.problems.removeAll(where: ReceiptParser.isAmbiguousDateProblem)
            return page
        }
    }
}
