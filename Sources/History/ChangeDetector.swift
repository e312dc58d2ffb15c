import Entries

/// Night-to-night changes of one job's list, as plain functions over two snapshots.
///
/// Entries are paired in three passes:
/// 1. by identity (`WineIdentity`); within one identity (the same wine twice on a list, e.g. two
///    vintages), first entries with the same vintage and section, then the same vintage, then the
///    rest newest vintage with newest vintage, so a rollover of one of two vintages is one vintage
///    change;
/// 2. what is left, by similar normalized names (OCR noise such as "Margaox" for "Margaux"), when at
///    least one side was not identified by the catalogue and the bottle sizes agree;
/// 3. what is still left was removed (last night only) or added (tonight only).
/// Paired entries report a vintage change and one price change per column whose price differs.
public enum ChangeDetector {
    /// Names at least this similar (1 − edit distance / longer length) are taken as one wine misread.
    public static let similarNameThreshold = 0.85

    public static func changes(previous: JobSnapshot?, current: JobSnapshot) -> [Change] {
        guard let previous else { return [Change(kind: .newJob, name: current.job)] }
        let skipped = previous.failedImages.union(current.failedImages)
        let old = previous.entries.filter { $0.kind == .wine && !skipped.contains($0.image) }
        let new = current.entries.filter { $0.kind == .wine && !skipped.contains($0.image) }
        let pairing = pair(old: old, new: new)
        var changes: [Change] = []
        for (a, b) in pairing.pairs { changes += compare(a, b) }
        changes += pairing.removed.map { entry in
            Change(kind: .removed, wineID: entry.wineID, name: entry.displayName, vintage: entry.vintage,
                   bottleSizeML: entry.bottleSizeML, section: entry.section, old: describe(entry.prices), image: entry.image)
        }
        changes += pairing.added.map { entry in
            Change(kind: .added, wineID: entry.wineID, name: entry.displayName, vintage: entry.vintage,
                   bottleSizeML: entry.bottleSizeML, section: entry.section, new: describe(entry.prices), image: entry.image)
        }
        return changes.sorted(by: order)
    }

    public struct Pairing: Sendable {
        public var pairs: [(old: HistoryEntry, new: HistoryEntry)]
        public var removed: [HistoryEntry]
        public var added: [HistoryEntry]
    }

    public static func pair(old: [HistoryEntry], new: [HistoryEntry]) -> Pairing {
        var result = Pairing(pairs: [], removed: [], added: [])
        let oldGroups = Dictionary(grouping: old.indices, by: { WineIdentity(old[$0]) })
        let newGroups = Dictionary(grouping: new.indices, by: { WineIdentity(new[$0]) })
        var leftoverOld: [Int] = [], leftoverNew: [Int] = []
        for (identity, oldIndexes) in oldGroups {
            let newIndexes = newGroups[identity] ?? []
            let within = pairWithinIdentity(oldIndexes, newIndexes, old: old, new: new)
            result.pairs += within.pairs.map { (old[$0.0], new[$0.1]) }
            leftoverOld += within.oldLeft
            leftoverNew += within.newLeft
        }
        for (identity, newIndexes) in newGroups where oldGroups[identity] == nil { leftoverNew += newIndexes }
        leftoverOld.sort()
        leftoverNew.sort()

        // Misreads: greedily pair the most similar names first.
        var candidates: [(Double, Int, Int)] = []
        for i in leftoverOld {
            let a = WineIdentity(old[i])
            let nameA = WineIdentity.normalize(old[i].name)
            for j in leftoverNew {
                let b = WineIdentity(new[j])
                guard a.bottleSizeML == b.bottleSizeML, !(a.isCatalogued && b.isCatalogued) else { continue }
                let s = similarity(nameA, WineIdentity.normalize(new[j].name))
                if s >= similarNameThreshold { candidates.append((s, i, j)) }
            }
        }
        candidates.sort { x, y in x.0 != y.0 ? x.0 > y.0 : (x.1, x.2) < (y.1, y.2) }
        var usedOld = Set<Int>(), usedNew = Set<Int>()
        for (_, i, j) in candidates where !usedOld.contains(i) && !usedNew.contains(j) {
            usedOld.insert(i)
            usedNew.insert(j)
            result.pairs.append((old[i], new[j]))
        }
        result.removed = leftoverOld.filter { !usedOld.contains($0) }.map { old[$0] }
        result.added = leftoverNew.filter { !usedNew.contains($0) }.map { new[$0] }
        return result
    }

    /// Pairs entries of one identity: same vintage and section, then same vintage, then newest with newest.
    static func pairWithinIdentity(_ oldIndexes: [Int], _ newIndexes: [Int], old: [HistoryEntry], new: [HistoryEntry])
        -> (pairs: [(Int, Int)], oldLeft: [Int], newLeft: [Int]) {
        var oldLeft = oldIndexes.sorted(), newLeft = newIndexes.sorted()
        var pairs: [(Int, Int)] = []
        func pass(_ same: (HistoryEntry, HistoryEntry) -> Bool) {
            var i = 0
            while i < oldLeft.count {
                if let k = newLeft.firstIndex(where: { same(old[oldLeft[i]], new[$0]) }) {
                    pairs.append((oldLeft[i], newLeft[k]))
                    oldLeft.remove(at: i)
                    newLeft.remove(at: k)
                } else {
                    i += 1
                }
            }
        }
        pass { $0.vintage == $1.vintage && $0.section == $1.section }
        pass { $0.vintage == $1.vintage }
        /// Newest first; non-vintage after every year, no vintage read last.
        func rank(_ vintage: Vintage?) -> Int {
            switch vintage {
            case .year(let y)?: return y
            case .nonVintage?: return -1
            case nil: return -2
            }
        }
        func newestFirst(_ entries: [HistoryEntry]) -> (Int, Int) -> Bool {
            { a, b in
                let ra = rank(entries[a].vintage), rb = rank(entries[b].vintage)
                return ra != rb ? ra > rb : a < b
            }
        }
        let olds = oldLeft.sorted(by: newestFirst(old)), news = newLeft.sorted(by: newestFirst(new))
        let n = min(olds.count, news.count)
        pairs += (0..<n).map { (olds[$0], news[$0]) }
        return (pairs, Array(olds.dropFirst(n)), Array(news.dropFirst(n)))
    }

    /// Vintage and per-column price differences of one wine seen on both nights.
    public static func compare(_ old: HistoryEntry, _ new: HistoryEntry) -> [Change] {
        func change(_ kind: Change.Kind, column: String? = nil, from: String?, to: String?) -> Change {
            Change(kind: kind, wineID: new.wineID ?? old.wineID, name: new.displayName, vintage: new.vintage,
                   bottleSizeML: new.bottleSizeML, section: new.section, column: column, old: from, new: to, image: new.image)
        }
        var changes: [Change] = []
        if old.vintage != new.vintage {
            changes.append(change(.vintageChanged, from: old.vintage?.description, to: new.vintage?.description))
        }
        for column in priceColumns(old.prices, new.prices) where !samePrice(column.old, column.new) {
            changes.append(change(.priceChanged, column: column.label, from: column.old?.formatted, to: column.new?.formatted))
        }
        return changes
    }

    /// Lines up two nights' prices by column meaning. A column whose meaning was not read on one
    /// night (no header recognised) must not read as every price changing, so: when the counts
    /// agree and a meaning is missing, prices line up by position; otherwise equal meanings pair
    /// first, then equal amounts, then an unread meaning with a meaning its night lacks.
    static func priceColumns(_ old: [Price], _ new: [Price]) -> [(label: String, old: Price?, new: Price?)] {
        if old.count == new.count, (old + new).contains(where: { $0.column == .unknown }) {
            let labels = zip(old, new).map { a, b in b.column != .unknown ? b.column : a.column }
            let named = label(labels)
            return old.indices.map { (named[$0], old[$0], new[$0]) }
        }
        let oldLabels = label(old.map(\.column)), newLabels = label(new.map(\.column))
        var pairs: [(Int?, Int?)] = []
        var oldLeft = Array(old.indices), newLeft = Array(new.indices)
        func take(_ same: (Int, Int) -> Bool) {
            for i in oldLeft {
                guard let k = newLeft.firstIndex(where: { same(i, $0) }) else { continue }
                pairs.append((i, newLeft[k]))
                newLeft.remove(at: k)
                oldLeft.removeAll { $0 == i }
            }
        }
        take { i, j in old[i].column != .unknown && oldLabels[i] == newLabels[j] }
        take { i, j in (old[i].column == .unknown || new[j].column == .unknown) && samePrice(old[i], new[j]) }
        // An unread meaning stands for a meaning its own night lacks.
        take { i, j in
            let a = old[i].column, b = new[j].column
            if a == .unknown && b == .unknown { return true }
            if b == .unknown { return !new.contains { $0.column == a } }
            if a == .unknown { return !old.contains { $0.column == b } }
            return false
        }
        pairs += oldLeft.map { ($0, nil) } + newLeft.map { (nil, $0) }
        return pairs.map { i, j in
            let name = j.flatMap { new[$0].column != .unknown ? newLabels[$0] : nil } ?? i.map { oldLabels[$0] } ?? j.map { newLabels[$0] } ?? "price"
            return (name, i.map { old[$0] }, j.map { new[$0] })
        }
    }

    /// Column names for people: the meaning ("glass", "bottle"), numbered when it repeats; unknown
    /// meanings are "price" or "price-1", "price-2", … by position.
    static func label(_ columns: [PriceColumn]) -> [String] {
        let unknownCount = columns.filter { $0 == .unknown }.count
        var seen: [PriceColumn: Int] = [:]
        return columns.map { column in
            let n = (seen[column] ?? 0) + 1
            seen[column] = n
            if column == .unknown { return unknownCount == 1 ? "price" : "price-\(n)" }
            return n == 1 ? column.rawValue : "\(column.rawValue)-\(n)"
        }
    }

    static func samePrice(_ a: Price?, _ b: Price?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case let (x?, y?):
            switch (x.amount, y.amount) {
            case (nil, nil): return true
            case let (p?, q?): return abs(p - q) < 0.005
            default: return false
            }
        default: return false
        }
    }

    /// "bottle 65 / glass 12"; empty when no price was read.
    public static func describe(_ prices: [Price]) -> String? {
        guard !prices.isEmpty else { return nil }
        let labels = label(prices.map(\.column))
        return zip(labels, prices).map { "\($0) \($1.formatted)" }.joined(separator: " / ")
    }

    /// 1 − Levenshtein distance / longer length, over characters.
    public static func similarity(_ a: String, _ b: String) -> Double {
        let x = Array(a), y = Array(b)
        if x.isEmpty && y.isEmpty { return 1 }
        if x.isEmpty || y.isEmpty { return 0 }
        var previous = Array(0...y.count), current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            for j in 1...y.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return 1 - Double(previous[y.count]) / Double(max(x.count, y.count))
    }

    /// Reading order for a report: by wine name, then removed, added, vintage, price, then column.
    static func order(_ a: Change, _ b: Change) -> Bool {
        let na = a.name.lowercased(), nb = b.name.lowercased()
        if na != nb { return na < nb }
        let ka = Change.Kind.allCases.firstIndex(of: a.kind) ?? 0, kb = Change.Kind.allCases.firstIndex(of: b.kind) ?? 0
        if ka != kb { return ka < kb }
        let ra = [a.vintage?.description ?? "", a.column ?? "", a.old ?? "", a.new ?? "", a.image ?? ""]
        let rb = [b.vintage?.description ?? "", b.column ?? "", b.old ?? "", b.new ?? "", b.image ?? ""]
        return ra.lexicographicallyPrecedes(rb)
    }
}
