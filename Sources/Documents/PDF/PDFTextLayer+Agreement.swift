extension PDFTextLayer {
    /// At or above this agreement a covered layer is a faithful transcript of the pictures over it.
    ///
    /// Measured with `decant-bench pdf-probe race` on the 25 covered pages of clos_wijnkaart.pdf (every line a picture of
    /// itself over invisible text in the same words, set in a thin face OCR misreads): 0.57–0.90, median
    /// 0.76. OCR of a picture that does not say what the layer says finds next to none of its words.
    public static let faithfulAgreement = 0.5

    /// The share of `readWords` (what OCR read on the rendered page) that this layer holds, each layer word
    /// counted once; case and the punctuation at a word's ends aside, words of punctuation alone not counted.
    ///
    /// For a `coveredText` page: the reader sees pictures, not the layer's glyphs, so the pictures are read
    /// with OCR; when what OCR read agrees with the layer (`faithfulAgreement`), the layer is the better
    /// transcript of them (exact letters, fonts and boxes) and can be taken instead. On the clos list OCR
    /// found 78 % of the layer's words at any resolution; the layer has them all.
    public func agreement(with readWords: [String]) -> Double {
        var pool: [String: Int] = [:]
        for word in words {
            let key = Self.comparable(word.text)
            if !key.isEmpty { pool[key, default: 0] += 1 }
        }
        var read = 0, held = 0
        for word in readWords {
            let key = Self.comparable(word)
            guard !key.isEmpty else { continue }
            read += 1
            if let left = pool[key], left > 0 {
                pool[key] = left - 1
                held += 1
            }
        }
        return read == 0 ? 0 : Double(held) / Double(read)
    }

    static func comparable(_ word: String) -> String {
        let trimmed = word.drop(while: { $0.isPunctuation || $0.isSymbol })
        let reversed = trimmed.reversed().drop(while: { $0.isPunctuation || $0.isSymbol })
        return String(reversed.reversed()).lowercased()
    }
}
