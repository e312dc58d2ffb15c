import Flattening
import Imaging
import Recognition

/// Orientation for the flattening stage, which may not depend on Recognition: Tesseract's OSD,
/// and when OSD is unsure, a vote by reading. Both use engines the worker already owns.
public struct OSDOrientation: OrientationDetector {
    let osd: TesseractOSD
    /// The worker's reading engine, for the vote; nil uses OSD alone.
    let reader: TesseractEngine?
    /// OSD confidence at or above which its call is taken without a vote. On the Inv3DReal
    /// photos, once the lines were level, wrong calls scored up to 1.2 and right ones 1.2–11.
    public var trustedConfidence: Double

    public init(osd: TesseractOSD, reader: TesseractEngine? = nil, trustedConfidence: Double = 2.5) {
        self.osd = osd
        self.reader = reader
        self.trustedConfidence = trustedConfidence
    }

    public func detect(_ page: Raster, expectUpright: Bool) -> OrientationGuess? {
        // OSD works on blob shapes; a copy at most ~1600 px long keeps it fast without losing them.
        let long = max(page.width, page.height)
        let input = long > 1600 ? page.scaled(by: 1600 / Double(long)) : page
        let result = osd.detect(input)
        // A level photo or scan is almost always upright: OSD alone may keep it so, but turning it
        // takes the reading vote too (OSD called 180° at confidence 8 on upright receipt scans).
        if let result, result.confidence >= trustedConfidence, !expectUpright || result.quarterTurnsClockwise == 0 {
            return OrientationGuess(quarterTurnsClockwise: result.quarterTurnsClockwise, confidence: result.confidence,
                                    isConfident: true, source: "tesseract-osd")
        }
        if expectUpright, let result, result.quarterTurnsClockwise == 0 {
            // OSD agrees with the prior of a level photo: nothing to vote on.
            return OrientationGuess(quarterTurnsClockwise: 0, confidence: result.confidence, isConfident: true,
                                    source: "tesseract-osd, level page")
        }
        guard let reader else {
            return result.map { OrientationGuess(quarterTurnsClockwise: $0.quarterTurnsClockwise, confidence: $0.confidence,
                                                 isConfident: $0.confidence >= 1, source: "tesseract-osd") }
        }
        // The vote: read the middle of the page each way it might be turned and keep the turn
        // that yields the most confidently read words. Upside-down text reads as low-confidence
        // noise. OSD reading (next to) nothing suggests the lines run vertically, so all four turns.
        // A near-zero OSD confidence means much the same as no answer (lines running vertically
        // read as noise either way up).
        // A quarter turn OSD suggested stays in the vote beside upside down: a page unwarped from a
        // photo taken sideways lies on its side.
        let lost = (result?.confidence ?? 0) < 1
        var turns = lost ? [0, 1, 2, 3] : [0, 2]
        if !lost, let suggested = result?.quarterTurnsClockwise, suggested % 2 == 1 { turns.append(suggested) }
        // At full resolution (the reduced copy is too small to read), a quarter of the page's
        // height across its middle half keeps each read short.
        let sample = page.cropped(to: PixelRect(x: page.width / 4, y: page.height * 3 / 8,
                                                width: page.width / 2, height: page.height / 4))
        var votes: [(turns: Int, score: Int)] = []
        for t in turns {
            let turned = sample.rotated(quarterTurnsClockwise: t)
            // One uniform block: with automatic layout Tesseract finds and reads vertical text
            // lines by itself, so a quarter turn would read as well as the right way up.
            guard let read = try? reader.recognize(turned, segmentation: .singleBlock) else { continue }
            let good = read.lines.flatMap(\.words).filter { word in
                word.confidence >= 70 && word.text.filter { $0.isLetter || $0.isNumber }.count >= 3
            }
            votes.append((t, good.count))
        }
        votes.sort { $0.score > $1.score }
        guard let best = votes.first, best.score >= 3 else {
            return result.map { OrientationGuess(quarterTurnsClockwise: $0.quarterTurnsClockwise, confidence: $0.confidence,
                                                 isConfident: false, source: "tesseract-osd") }
        }
        let runnerUp = votes.count > 1 ? votes[1].score : 0
        return OrientationGuess(quarterTurnsClockwise: best.turns, confidence: Double(best.score) / Double(max(1, runnerUp)),
                                isConfident: best.score >= 2 * runnerUp + 2,
                                source: "reading vote (\(votes.map { "\($0.turns * 90)°: \($0.score)" }.joined(separator: ", ")); osd \(result.map { "\($0.quarterTurnsClockwise * 90)° at \(String(format: "%.2f", $0.confidence))" } ?? "undecided"))")
    }
}
