/// Rows into entries: leading rows, the price row, then details, with the headings and headers
/// in force where the entry stands.
extension WineListParser {
    static func isGlassSection(_ section: String?) -> Bool {
        section.map { $0.lowercased().contains("glass") } ?? false
    }

    /// One entry's rows: leading rows, the price row, then details.
    struct Group {
        var rows: [Int]
        var anchor: Int
        var section: String?
        var colour: WineColour?
        var header: PriceHeader?
        /// The column the header row was read in.
        var headerColumn: Int?
        /// The header row (an index of the readings), for the entry's layout facts.
        var headerRow: Int?
        /// Why the rows before the anchor are the wine's name.
        var nameJoin: EntryLayout.NameJoin?
    }

    /// Entries on a page, with names set on a line of their own above their price rows read that way
    /// only when the page does it for most of its wines: a page that sets a style line ("Light, Crisp
    /// and Delicious") over a few wines has the same gaps above its first wine, and not above the rest.
    func group(_ readings: [RowReading], lineHeight h: Double) -> [Group] {
        let (groups, namesAbove) = group(readings, lineHeight: h, namesAboveByGap: true)
        guard namesAbove > 0 else { return groups }
        return 2 * namesAbove >= groups.count ? groups : group(readings, lineHeight: h, namesAboveByGap: false).groups
    }

    /// The groups, and how many of them took their leading rows by the widest gap above them.
    func group(_ readings: [RowReading], lineHeight h: Double, namesAboveByGap: Bool) -> (groups: [Group], namesAbove: Int) {
        // How close a list sets its rows: a line further below its wine than that is no detail of
        // it but a subheading of what follows ("Light, Crisp and Delicious").
        let gaps = readings.map(\.gapAbove).filter { $0.isFinite }.sorted()
        let usualGap = gaps.isEmpty ? 0 : gaps[gaps.count / 2]
        var groups: [Group] = []
        var pending: [Int] = []
        var open: Int?            // the group that may still take detail rows
        var section: String?
        var colour: WineColour?
        var header: PriceHeader?
        var headerColumn: Int?
        var headerRow: Int?
        /// The section the header row was read under.
        var headerSection: String?
        var column: Int??
        var namesAbove = 0

        func attachDetails(_ rows: [Int]) {
            defer { pending.removeAll() }
            guard let g = open else { return }
            // The lowest row printed: a note above the price row comes after it in `rows`.
            var last = groups[g].rows.max()!
            var taken = 0
            let anchor = readings[groups[g].anchor]
            var inNote = false
            for i in rows {
                let r = readings[i]
                let margin = min(anchor.row.left, readings[groups[g].rows[0]].row.left)
                // A tasting note runs to several lines, and what follows it under the same wine
                // (a style line, "Fulsome & Robust") belongs to it too.
                inNote = inNote || r.isProse
                guard taken < (inNote ? 8 : 3), r.kind == .text, r.prices.isEmpty,
                      r.row.top - readings[last].row.bottom <= min(1.2 * h, max(0.6 * h, usualGap + 0.6 * h)),
                      r.row.left >= margin - 0.5 * h, r.row.left <= margin + 4 * h,
                      r.row.height <= 1.3 * h else { break }
                groups[g].rows.append(i)
                last = i
                taken += 1
            }
        }

        for (i, r) in readings.enumerated() {
            if column != .some(r.row.column) {
                attachDetails(pending)
                open = nil
                column = .some(r.row.column)
            }
            switch r.kind {
            case .header(let h):
                attachDetails(pending)
                open = nil
                if let heading = h.heading {
                    section = heading
                    colour = SectionVocabulary.colour(for: heading)
                }
                header = h
                headerColumn = r.row.column
                headerRow = i
                headerSection = section
            case .heading:
                attachDetails(pending)
                open = nil
                section = r.tokens.joined(separator: " ")
                colour = SectionVocabulary.colour(for: section!)
                // "Glass  Bottle" printed under "By the glass" names that section's columns; the
                // bottle sections after it print one price, the bottle's, wherever it stands.
                if Self.isGlassSection(headerSection), !Self.isGlassSection(section) {
                    header = nil
                    headerColumn = nil
                    headerRow = nil
                    headerSection = nil
                }
            case .title, .notice:
                attachDetails(pending)
                open = nil
            case .text:
                guard r.isAnchor else { pending.append(i); continue }
                var leading: [Int] = []
                var details = pending
                var notes: [Int] = []
                var nameJoin: EntryLayout.NameJoin?
                // A note under the wine before stays that wine's: a name above this price row
                // starts after it.
                let afterNote = pending.lastIndex(where: { readings[$0].isProse }).map { $0 + 1 } ?? 0
                // The note that runs on up to this price row, and the rows naming a wine right above it.
                var noteFrom = pending.count
                while noteFrom > 0, readings[pending[noteFrom - 1]].isProse { noteFrom -= 1 }
                let pricesAlone = !r.tokens[..<r.priceStart].contains(where: { $0.contains(where: \.isLetter) })
                // A row starting with a lower-case letter goes on with the sentence above it, however short.
                let goesOnWithNote = r.tokens.first?.first.map { $0.isLetter && $0.isLowercase } == true
                // The rows above the note name this wine only when the wine before has no more to
                // say: its own note ended before them, or its prices ended a note, or none stands
                // above them in the column. Under a wine priced on its name's row, a region line
                // and a note are that wine's.
                let earlierNote = pending[..<noteFrom].lastIndex(where: { readings[$0].isProse })
                let previousDone = earlierNote != nil || open.map { g in
                    readings[groups[g].anchor].isProse || groups[g].nameJoin == .pricesAfterNote
                } ?? true
                if noteFrom > 0, noteFrom < pending.count, previousDone, r.isProse || pricesAlone || goesOnWithNote {
                    // A wine whose note runs on to the prices, on the note's last line ("through
                    // the ripe fruit flavours 4.40 4.60") or alone under it, with no price between
                    // the name and the note: the name is the row above the note, the note the
                    // wine's.
                    let nameFrom = max(earlierNote.map { $0 + 1 } ?? 0, noteFrom - 3)
                    leading = Array(pending[nameFrom..<noteFrom])
                    notes = Array(pending[noteFrom...])
                    details = Array(pending[..<nameFrom])
                    nameJoin = .pricesAfterNote
                } else if r.isProse, let k = pending[afterNote...].lastIndex(where: { !readings[$0].isAnchor && !readings[$0].isProse }) {
                    // A price printed at the end of the note's first line ("Intense aromas … 19.25"):
                    // the name is the row above it.
                    leading = Array(pending[k...])
                    details = Array(pending[..<k])
                    nameJoin = .priceEndsNoteLine
                } else if !r.flush, let k = pending[afterNote...].lastIndex(where: { readings[$0].flush && !readings[$0].isAnchor }) {
                    leading = Array(pending[k...])
                    details = Array(pending[..<k])
                    nameJoin = .indentedUnderFlushRow
                } else if pricesAlone, afterNote < pending.count {
                    // Prices alone on their row ("3.50 4.00 5.50 16.00"): the wine is what stands above
                    // since the last note.
                    let start = max(afterNote, pending.count - 3)
                    leading = Array(pending[start...])
                    details = Array(pending[..<start])
                    nameJoin = .pricesAloneOnRow
                } else if r.flush, let last = pending.last, Self.continuesAfterComma(readings[last], r) {
                    leading = [last]
                    details = Array(pending.dropLast())
                    nameJoin = .continuesAfterComma
                } else if namesAboveByGap,
                          let k = Self.leadingAfterWidestGap(Array(pending[afterNote...]), anchor: r, readings, lineHeight: h,
                                                             opensColumn: open == nil) {
                    leading = Array(pending[(afterNote + k)...])
                    details = Array(pending[..<(afterNote + k)])
                    namesAbove += 1
                    nameJoin = .setAboveAfterWidestGap
                }
                attachDetails(details)
                groups.append(Group(rows: leading + [i] + notes, anchor: i, section: section, colour: colour, header: header,
                                    headerColumn: headerColumn, headerRow: headerRow, nameJoin: leading.isEmpty ? nil : nameJoin))
                open = groups.count - 1
            }
        }
        attachDetails(pending)
        return (groups, namesAbove)
    }

    /// Rows without prices between two price rows belong to the wine they are set closer to. When the
    /// widest blank before the price row lies above some of them, clearly wider than the rest, those
    /// rows open the next wine: "FALANGHINA GAUDIUM" (space) over "Azienda i Capitani 25 / 7", the
    /// name set on its own line above its producer and prices. A list that sets details under the
    /// price row leaves its widest blank under the details, and this gives nothing.
    ///
    /// Returns the index in `block` of the first leading row, or nil when the gaps do not say.
    /// When no wine stands above the rows in their column since the last heading (`opensColumn`),
    /// nothing above them can own them: the blank above them counts as the widest.
    static func leadingAfterWidestGap(_ block: [Int], anchor: RowReading, _ readings: [RowReading], lineHeight h: Double,
                                      opensColumn: Bool = false) -> Int? {
        guard !block.isEmpty, block.count <= 3,
              block.allSatisfy({ readings[$0].kind == .text && !readings[$0].isProse && readings[$0].prices.isEmpty }) else { return nil }
        // gaps[j]: the blank above block[j]; the last one, the blank above the price row.
        var gaps = block.map { readings[$0].gapAbove } + [anchor.gapAbove]
        if opensColumn { gaps[0] = .infinity }
        // The rows from k on lead when they are set tight together and onto the price row, and the
        // blank above row k is clearly wider than those; of several such k, the widest blank.
        let splits = block.indices.filter { k in
            let below = gaps[(k + 1)...].max() ?? 0
            return below < 0.5 * h && gaps[k] >= below + 0.4 * h
        }
        return splits.max { gaps[$0] < gaps[$1] }
    }
}
