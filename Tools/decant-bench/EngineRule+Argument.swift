import Read

extension EngineRule {
    /// `photo,depth-photo,scan[,receipts][,unread][,below=80]`: the captures PP-OCR reads under
    /// `--engine auto`, whether it reads every receipt and the pages Tesseract read next to nothing of,
    /// and the mean Tesseract confidence under which a page is read again by PP-OCR.
    init(argument: String) throws(BenchError) {
        var captures: Set<PageCapture> = [], receipts = false, unread = false, below: Double?
        for part in argument.split(separator: ",").map(String.init) where !part.isEmpty {
            if part == "receipts" { receipts = true; continue }
            if part == "unread" { unread = true; continue }
            if part.hasPrefix("below=") {
                guard let value = Double(part.dropFirst(6)) else { throw BenchError("--engine-rule \(part): expected a number") }
                below = value
                continue
            }
            guard let capture = PageCapture(rawValue: part) else {
                throw BenchError("--engine-rule \(part): expected \(PageCapture.allCases.map(\.rawValue).joined(separator: ", ")) receipts, unread or below=N")
            }
            captures.insert(capture)
        }
        self.init(ppocrCaptures: captures, ppocrReceipts: receipts, ppocrWhenUnread: unread, ppocrBelowConfidence: below)
    }
}
