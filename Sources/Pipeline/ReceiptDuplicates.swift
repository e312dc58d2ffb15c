import Entries
import Foundation
import Reporting

/// The same receipt photographed twice in a job (a retake, a second scan): reported once. A receipt
/// is dropped only on positive evidence that it is the other one: the same total and date, and
/// either the same bill number (invoice, receipt, transaction …) or the same merchant and time of
/// day (to the minute) read on both. Anything both read that differs keeps them apart: the
/// merchant's name (by its letters, a few slips allowed), the time, the amount tendered, the
/// change, the bill numbers. Two coffees bought at one shop on one day without a time printed stay
/// two receipts. The later photo is kept (the EXIF capture time when both have one, else the later
/// file name, numbers compared as numbers); the other keeps its page and text with a warning that
/// names the kept one, and the kept receipt names it in `duplicatePhotos`.
public enum ReceiptDuplicates {
    /// Most letter edits, as a share of the longer name, for two readings of one merchant.
    public static let maxNameEditShare = 0.2

    /// For each page, the page it duplicates (the one kept) and what shows it, or nil.
    public static func duplicates(in pages: [PageResult]) -> [(kept: Int, evidence: String)?] {
        var keptFor: [Int?] = Array(repeating: nil, count: pages.count)
        var evidence: [String?] = Array(repeating: nil, count: pages.count)
        let receipts = pages.indices.filter {
            pages[$0].receipt?.duplicateOf == nil && pages[$0].receipt?.total != nil && pages[$0].receipt?.date != nil
        }
        for (n, i) in receipts.enumerated() {
            for j in receipts[(n + 1)...] where keptFor[i] == nil && keptFor[j] == nil {
                guard let a = pages[i].receipt, let b = pages[j].receipt, pages[i].record.image != pages[j].record.image,
                      let shown = samePurchase(a, b, references: (references(in: pages[i].text ?? ""), references(in: pages[j].text ?? "")))
                else { continue }
                let (kept, dropped) = isLater(pages[j].record, than: pages[i].record) ? (j, i) : (i, j)
                keptFor[dropped] = kept
                evidence[dropped] = shown
            }
        }
        // A chain (three photos of one receipt) points at the photo finally kept.
        return keptFor.indices.map { i in
            var target = keptFor[i]
            var hops = 0
            while let t = target, let next = keptFor[t], hops < pages.count { target = next; hops += 1 }
            return target.map { ($0, evidence[i] ?? "the same receipt") }
        }
    }

    /// What shows two receipts are one purchase ("bill number", "merchant and time"), nil when
    /// nothing does or something they both read differs.
    public static func samePurchase(_ a: ReceiptRecord, _ b: ReceiptRecord,
                                    references: (Set<String>, Set<String>) = ([], [])) -> String? {
        guard let ta = a.total, let tb = b.total, Cents.equal(ta, tb), let da = a.date, da == b.date else { return nil }
        if let ma = a.merchant, let mb = b.merchant, !sameName(ma, mb) { return nil }
        if let ha = a.time, let hb = b.time, minutes(ha) != minutes(hb) { return nil }
        // What was handed over and given back is the same on two photos of one bill.
        if let x = a.tendered, let y = b.tendered, !Cents.equal(x, y) { return nil }
        if let x = a.change, let y = b.change, !Cents.equal(x, y) { return nil }
        let (ra, rb) = references
        if !ra.isEmpty, !rb.isEmpty {
            return ra.isDisjoint(with: rb) ? nil : "same total, date and bill number"
        }
        if a.merchant != nil, b.merchant != nil, a.time != nil, b.time != nil { return "same merchant, date, time and total" }
        return nil
    }

    static func sameName(_ a: String, _ b: String) -> Bool {
        let x = String(a.uppercased().filter { $0.isLetter || $0.isNumber }), y = String(b.uppercased().filter { $0.isLetter || $0.isNumber })
        let limit = max(1, Int(maxNameEditShare * Double(max(x.count, y.count))))
        return Levenshtein.distance(x, y, limit: limit) <= limit
    }

    /// The bill's own numbers (invoice, receipt, transaction, order …), as their digits: a label
    /// and then a number of four digits or more on the same line.
    public static func references(in text: String) -> Set<String> {
        var out: Set<String> = []
        for line in text.split(separator: "\n") {
            let ns = String(line) as NSString
            for m in referenceLabel.matches(in: String(line), range: NSRange(location: 0, length: ns.length)) {
                let digits = ns.substring(with: m.range(at: 1)).filter(\.isNumber)
                if digits.count >= 4 { out.insert(digits) }
            }
        }
        return out
    }

    static let referenceLabel = try! NSRegularExpression(
        pattern: #"(?i)\b(?:inv(?:oice)?|receipt|rcpt|bill|doc(?:ument)?|trans(?:action)?|txn|order|slip|ref(?:erence)?|ticket|tkt|cheque|check)\b[^0-9\n]{0,14}([0-9][0-9A-Z\-/ ]{2,24}[0-9])"#)

    /// "18:17" of "18:17:42": a time read with and without its seconds is the same time.
    static func minutes(_ time: String) -> String { String(time.prefix(5)) }

    /// The later photo: by the EXIF capture time when both have one, else by file name and page.
    static func isLater(_ a: PageRecord, than b: PageRecord) -> Bool {
        if let x = a.taken, let y = b.taken, x != y { return x > y }
        // "IMG_10000" is later than "IMG_9999".
        switch a.image.compare(b.image, options: [.numeric]) {
        case .orderedDescending: return true
        case .orderedAscending: return false
        case .orderedSame: return (a.page ?? 0) > (b.page ?? 0)
        }
    }
}
