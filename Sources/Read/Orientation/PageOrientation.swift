import Recognition

/// A worker's orientation detector, made once per worker with its Tesseract engine (which casts the
/// reading vote) and used by both stages that turn pages: Flatten, before the first reading, and
/// Read, when that reading settles a level page's orientation. Nil detector: osd.traineddata is
/// missing, and leptonica's up/down test stands in; `problem` says so on every page.
public struct PageOrientation {
    public let detector: OSDOrientation?
    public let problem: String?

    public init(engine: TesseractEngine, dataPath: String?) {
        do {
            detector = OSDOrientation(osd: try TesseractOSD(dataPath: dataPath), reader: engine)
            problem = nil
        } catch {
            detector = nil
            problem = error.message
        }
    }
}
