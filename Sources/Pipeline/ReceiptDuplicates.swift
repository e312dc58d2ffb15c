import Entries
import Foundation
import Reporting

/// The same receipt photographed twice in a job (a retake, a second scan): reported once. Two
/// receipts are one purchase when their totals and dates are the same and nothing they both read
/// differs: the time of day, the merchant's name (by its letters, a few slips allowed), and when
/// neither printed a time, their items' count and sum. Different purchases at one shop on one day
/// differ in one of those. The later photo is kept (the EXIF capture time when both have one,
/// else the later file name, as phones number their photos); the other keeps its page and text
/// with a warning that names the kept one, and the kept receipt names it in `duplicatePhotos`.
/// Whatever the slips say against it keeps them apart: different bill numbers, different amounts
/// tendered or given back.
public enum ReceiptDuplicates {
    /// Most letter edits, as a share of the longer name, for two readings of one merchant.
    public static let maxNameEditShare = 0.2

    /// For each page, the index of the page it duplicates (the one kept), or nil.
    public static func duplicates(in pages: [PageResult]) -> [Int?] {
        var keptFor: [Int?] = Array(repeating: nil, count: pages.count)
        let receipts = pages.indices.filter { pages[$0].receipt?.total != nil && pages[$0].receipt?.date != nil }
        for (n, i) in receipts.enumerated() {
            for j in receipts[(n + 1)...] where keptFor[i] == nil && keptFor[j] == nil {
                guard let a = pages[i].receipt, let b = pages[j].receipt, pages[i].record.image != pages[j].record.image,
                      samePurchase(a, b) else { continue }
                // Two bills numbered differently are two purchases, however alike the rest.
                let ra = references(in: pages[i].text ?? ""), rb = references(in: pages[j].text ?? "")
                if !ra.isEmpty, !rb.isEmpty, ra.isDisjoint(with: rb) { continue }
                let (kept, dropped) = isLater(pages[j].record, than: pages[i].record) ? (j, i) : (i, j)
                keptFor[dropped] = kept
            }
        }
        // A chain (three photos of one receipt) points at the photo finally kept.
        return keptFor.map { first in
            var target = first
            var hops = 0
            while let t = target, let next = keptFor[t], hops < pages.count { target = next; hops += 1 }
            return target
        }
    }

    /// Whether two receipts read as one purchase.
    public static func samePurchase(_ a: ReceiptRecord, _ b: ReceiptRecord) -> Bool {
        guard let ta = a.total, let tb = b.total, Cents.equal(ta, tb), let da = a.date, da == b.date else { return false }
        if let ma = a.merchant, let mb = b.merchant, !sameName(ma, mb) { return false }
        // What was handed over and given back is the same on two photos of one bill.
        if let x = a.tendered, let y = b.tendered, !Cents.equal(x, y) { return false }
        if let x = a.change, let y = b.change, !Cents.equal(x, y) { return false }
        if let ha = a.time, let hb = b.time { return minutes(ha) == minutes(hb) }
        // Without a time on both, the items must agree, and both must have read them.
        guard a.itemCount > 0, a.itemCount == b.itemCount, let sa = a.itemsSum, let sb = b.itemsSum, Cents.equal(sa, sb) else { return false }
        return a.merchant != nil || b.merchant != nil
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
        return (a.image, a.page ?? 0) > (b.image, b.page ?? 0)
    }
}
