import Entries

/// Collects rows into a `Catalogue`: interns text, merges duplicates (same producer, wine and vintage
/// once accents, case and abbreviations are folded) and refuses a repeated id, reporting each by line.
struct CatalogueBuilder {
    struct Identity: Hashable {
        var producer: UInt32
        var wine: UInt32
        var vintage: Int16
    }

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
    private var identities: [Identity: Int32] = [:]
    private(set) var merged = 0

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
        let identity = Identity(producer: key(of: row.producer), wine: key(of: row.wine), vintage: row.vintage)
        if let existing = identities[identity] {
            mergeFields(of: row, into: Int(existing))
            merged += 1
            let (firstLine, firstPrefix) = describe(origins[Int(existing)])
            let first = firstLine.map { "line \($0)" } ?? String(firstPrefix.dropLast(2))
            problems.append(CatalogueError(file: file, line: lineNumber,
                                           "\(prefix)duplicate of \(first) (same producer, wine and vintage); merged into id \(ids.string(UInt32(existing + 1)))"))
            return
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
        identities[identity] = Int32(rows.count)
        rows.append(row)
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
        Catalogue(name: name, pool: pool, ids: ids, rows: rows, problems: problems)
    }
}
