import Entries

/// Collects rows into a `Catalogue`: interns text, merges duplicates (same producer, wine and vintage
/// once accents, case and abbreviations are folded) and refuses a repeated id, reporting each by line.
struct CatalogueBuilder {
    let file: String
    let text: MatchText
    var pool = StringPool()
    var ids = StringPool()
    var rows: [CatalogueRow] = []
    /// Where each row came from, for messages about later duplicates.
    var origins: [Int32] = []
    var problems: [CatalogueError] = []
    /// Folded-name key of each pool string (keys' id + 1; 0 = not computed yet).
    private var keyOf: [UInt32] = []
    private var keys = StringPool()
    private var colourOf: [UInt32: UInt32] = [:]
    /// Label (folded producer + folded wine) of each row, and each label's rows as a linked list, so a
    /// duplicate vintage is found by walking a handful of rows instead of hashing every identity.
    private var labels = UInt64Map()
    private(set) var rowLabel: [UInt32] = []
    private var labelHead: [Int32] = []
    private var nextInLabel: [Int32] = []
    /// Each row's vintage again, packed: the duplicate walk touches 2 bytes a row, not a whole row.
    private var vintages: [Int16] = []
    private(set) var merged = 0

    mutating func reserve(rows: Int) {
        ids.reserve(strings: rows, bytes: rows * 8)
        pool.reserve(strings: rows / 8, bytes: rows * 4)
        rowsReserve(rows)
    }

    private mutating func rowsReserve(_ n: Int) {
        rows.reserveCapacity(n)
        origins.reserveCapacity(n)
        rowLabel.reserveCapacity(n)
        nextInLabel.reserveCapacity(n)
        vintages.reserveCapacity(n)
        labels.reserve(n / 3)
    }

    init(file: String, text: MatchText = MatchText()) {
        self.file = file
        self.text = text
    }

    private func location(_ line: Int?, _ position: Int?) -> (Int?, String) {
        if let line { return (line, "") }
        if let position { return (nil, "wines[\(position)]: ") }
        return (nil, "")
    }

    mutating func add(_ wine: Wine, line: Int?, position: Int? = nil) {
        let (lineNumber, prefix) = location(line, position)
        let producer = wine.producer.trimmingCharacters(in: .whitespaces)
        guard !producer.isEmpty else {
            problems.append(CatalogueError(file: file, line: lineNumber, "\(prefix)row has no producer; skipped"))
            return
        }
        var row = CatalogueRow()
        row.producer = pool.intern(producer)
        row.wine = pool.intern(wine.wine.trimmingCharacters(in: .whitespaces))
        row.region = intern(wine.region)
        row.subregion = intern(wine.subregion)
        row.country = intern(wine.country)
        row.colour = wine.colour.map { normalizedColour(pool.intern($0)) } ?? 0
        row.grapes = wine.grapes.isEmpty ? 0 : pool.intern(wine.grapes.joined(separator: String(CatalogueRow.grapeSeparator)))
        row.currency = intern(wine.currency)
        row.vintage = CatalogueRow.code(wine.vintage)
        row.score = wine.score ?? .nan
        row.releasePrice = wine.releasePrice ?? .nan
        row.drinkFrom = wine.drinkFrom.map { Int16(clamping: $0) } ?? 0
        row.drinkTo = wine.drinkTo.map { Int16(clamping: $0) } ?? 0
        var id = wine.id
        id.withUTF8 { add(row, id: $0, line: lineNumber ?? position.map { -($0 + 1) }) }
    }

    private mutating func intern(_ text: String?) -> UInt32 {
        guard let text else { return 0 }
        return pool.intern(text.trimmingCharacters(in: .whitespaces))
    }

    mutating func normalizedColour(_ id: UInt32) -> UInt32 {
        if id == 0 { return 0 }
        if let known = colourOf[id] { return known }
        let normal = pool.intern(WineColour.normalize(pool.string(id)))
        colourOf[id] = normal
        return normal
    }

    /// The folded key of an interned name (computed once per distinct name).
    mutating func key(of id: UInt32) -> UInt32 {
        if Int(id) >= keyOf.count { keyOf.append(contentsOf: repeatElement(0, count: max(Int(id) + 1 - keyOf.count, keyOf.count))) }
        if keyOf[Int(id)] != 0 { return keyOf[Int(id)] - 1 }
        let k = keys.intern(text.key(pool.string(id)))
        keyOf[Int(id)] = k + 1
        return k
    }

    /// Adds an interned row. `line` > 0 is a file line; < 0 is -(position + 1) in a JSON array.
    mutating func add(_ row: CatalogueRow, id: UnsafeBufferPointer<UInt8>, line: Int?) {
        let origin = Int32(clamping: line ?? 0)
        let (lineNumber, prefix) = describe(origin)
        guard !id.isEmpty else {
            problems.append(CatalogueError(file: file, line: lineNumber, "\(prefix)row has no id; skipped"))
            return
        }
        let labelKey = UInt64(key(of: row.producer)) << 32 | UInt64(key(of: row.wine))
        let label = labels.find(labelKey)
        if let label {
            var r = labelHead[Int(label)]
            while r >= 0 {
                if vintages[Int(r)] == row.vintage {
                    mergeFields(of: row, into: Int(r))
                    merged += 1
                    let (firstLine, firstPrefix) = describe(origins[Int(r)])
                    let first = firstLine.map { "line \($0)" } ?? String(firstPrefix.dropLast(2))
                    problems.append(CatalogueError(file: file, line: lineNumber,
                                                   "\(prefix)duplicate of \(first) (same producer, wine and vintage); merged into id \(ids.string(UInt32(r + 1)))"))
                    return
                }
                r = nextInLabel[Int(r)]
            }
        }
        let before = ids.count
        let idNumber = ids.intern(id)
        guard ids.count > before else {
            let (firstLine, firstPrefix) = describe(origins[Int(idNumber) - 1])
            let first = firstLine.map { "line \($0)" } ?? String(firstPrefix.dropLast(2))
            problems.append(CatalogueError(file: file, line: lineNumber,
                                           "\(prefix)id \"\(ids.string(idNumber))\" is already used by \(first); row skipped"))
            return
        }
        let index = Int32(rows.count)
        if let label {
            nextInLabel.append(labelHead[Int(label)])
            labelHead[Int(label)] = index
            rowLabel.append(label)
        } else {
            let l = UInt32(labelHead.count)
            labels.insert(labelKey, l)
            labelHead.append(index)
            nextInLabel.append(-1)
            rowLabel.append(l)
        }
        rows.append(row)
        vintages.append(row.vintage)
        origins.append(origin)
    }

    private func describe(_ origin: Int32) -> (Int?, String) {
        if origin > 0 { return (Int(origin), "") }
        if origin < 0 { return (nil, "wines[\(-Int(origin) - 1)]: ") }
        return (nil, "")
    }

    /// A duplicate fills in what the first row left empty; the first row's values win otherwise.
    private mutating func mergeFields(of row: CatalogueRow, into index: Int) {
        var r = rows[index]
        if r.region == 0 { r.region = row.region }
        if r.subregion == 0 { r.subregion = row.subregion }
        if r.country == 0 { r.country = row.country }
        if r.colour == 0 { r.colour = row.colour }
        if r.grapes == 0 { r.grapes = row.grapes }
        if r.currency == 0 { r.currency = row.currency }
        if r.score.isNaN { r.score = row.score }
        if r.releasePrice.isNaN { r.releasePrice = row.releasePrice }
        if r.drinkFrom == 0 { r.drinkFrom = row.drinkFrom }
        if r.drinkTo == 0 { r.drinkTo = row.drinkTo }
        rows[index] = r
    }

    func build(name: String) -> Catalogue {
        Catalogue(name: name, pool: pool, ids: ids, rows: rows, rowLabel: rowLabel, labelCount: labelHead.count, problems: problems)
    }
}

/// UInt64 → UInt32 open addressing with key and value side by side (one cache line per probe).
struct UInt64Map: Sendable {
    private struct Slot { var key: UInt64; var value: UInt32 }
    private static let empty = UInt32.max
    private var slots: [Slot] = Array(repeating: Slot(key: 0, value: UInt64Map.empty), count: 1024)
    private(set) var count = 0

    init() {}

    mutating func reserve(_ n: Int) {
        var size = slots.count
        while size < n * 2 { size *= 2 }
        if size > slots.count { resize(size) }
    }

    @inline(__always)
    private static func slot(_ key: UInt64, _ mask: Int) -> Int {
        var h = key
        h = (h ^ (h >> 33)) &* 0xFF51_AFD7_ED55_8CCD
        h = (h ^ (h >> 33)) &* 0xC4CE_B9FE_1A85_EC53
        return Int(truncatingIfNeeded: h ^ (h >> 33)) & mask
    }

    func find(_ key: UInt64) -> UInt32? {
        slots.withUnsafeBufferPointer { t in
            let mask = t.count - 1
            var s = Self.slot(key, mask)
            while t[s].value != Self.empty {
                if t[s].key == key { return t[s].value }
                s = (s + 1) & mask
            }
            return nil
        }
    }

    /// Inserts or replaces.
    mutating func insert(_ key: UInt64, _ value: UInt32) {
        if (count + 1) * 2 > slots.count { resize(slots.count * 2) }
        let added: Bool = slots.withUnsafeMutableBufferPointer { t in
            let mask = t.count - 1
            var s = Self.slot(key, mask)
            while t[s].value != Self.empty {
                if t[s].key == key { t[s].value = value; return false }
                s = (s + 1) & mask
            }
            t[s] = Slot(key: key, value: value)
            return true
        }
        if added { count += 1 }
    }

    private mutating func resize(_ size: Int) {
        let old = slots
        slots = Array(repeating: Slot(key: 0, value: Self.empty), count: size)
        slots.withUnsafeMutableBufferPointer { t in
            let mask = size - 1
            for e in old where e.value != Self.empty {
                var s = Self.slot(e.key, mask)
                while t[s].value != Self.empty { s = (s + 1) & mask }
                t[s] = e
            }
        }
    }
}
