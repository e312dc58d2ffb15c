import Imaging

/// The one rule by which pieces of read text (a reader's lines, or its words) are put into the rows
/// they were printed on, whichever reader read them: PP-OCR boxes each run of text apart (a
/// receipt's description and its amount, a list's wine and its price), Tesseract's sparse mode does
/// the same, and its block mode gives whole rows. Every piece's box is its ink.
///
/// Two pieces share a row when their vertical centres lie within half a line height of each other,
/// measured against the piece in the row nearest across (so a row may drift over a slightly tilted
/// page), and they do not stand over one another. A line height is never taken as less than the
/// page's usual one: a dash or a full stop is as tall as its ink, not as its row.
public enum PrintedRows {
    /// Rows top to bottom, each as indices into `boxes` left to right. `canJoin(a, b)` may keep two
    /// pieces apart for a reason the boxes do not show (the reader put them in different blocks).
    public static func group(_ boxes: [PixelRect], canJoin: (Int, Int) -> Bool = { _, _ in true }) -> [[Int]] {
        guard !boxes.isEmpty else { return [] }
        let heights = boxes.map(\.height).sorted()
        let usual = Double(max(heights[heights.count / 2], 1))
        func height(_ i: Int) -> Double { max(Double(boxes[i].height), usual) }
        func centerY(_ i: Int) -> Double { Double(boxes[i].y) + Double(boxes[i].height) / 2 }
        func centerX(_ i: Int) -> Double { Double(boxes[i].x) + Double(boxes[i].width) / 2 }
        let order = boxes.indices.sorted { centerY($0) != centerY($1) ? centerY($0) < centerY($1) : boxes[$0].x < boxes[$1].x }
        var rows: [[Int]] = []
        for i in order {
            var best: (row: Int, distance: Double)?
            // Only rows whose lowest piece is within reach can take it; rows are made top to bottom.
            for r in rows.indices.reversed() {
                let row = rows[r]
                guard let lowest = row.map(centerY).max(), centerY(i) - lowest < 2 * usual else { continue }
                guard let nearest = row.min(by: { abs(centerX($0) - centerX(i)) < abs(centerX($1) - centerX(i)) }) else { continue }
                let distance = abs(centerY(i) - centerY(nearest))
                guard distance < 0.5 * min(height(i), height(nearest)),
                      !row.contains(where: { stacked($0, i) }), row.allSatisfy({ canJoin($0, i) }) else { continue }
                if best.map({ distance < $0.distance }) ?? true { best = (r, distance) }
            }
            if let best { rows[best.row].append(i) } else { rows.append([i]) }
        }
        return rows.map { $0.sorted { boxes[$0].x < boxes[$1].x } }

        /// One over the other: they share more than a third of the narrower one's width.
        func stacked(_ a: Int, _ b: Int) -> Bool {
            let overlap = min(boxes[a].maxX, boxes[b].maxX) - max(boxes[a].x, boxes[b].x)
            return Double(overlap) > Double(min(boxes[a].width, boxes[b].width)) / 3
        }
    }
}
