/// PP-OCR reports its failures as the recognizers' shared error, with the PP-OCR kinds
/// (`modelsMissing`, `modelInvalid`, `inferenceFailed`, `badImage`).
public typealias PPOCRError = RecognitionError
