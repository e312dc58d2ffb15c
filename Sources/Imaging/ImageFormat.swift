/// Formats recognized by their leading bytes, never by extension (a .jpg that is a PNG still loads).
public enum ImageFormat: String, Sendable, Codable, CaseIterable {
    case png, jpeg, tiff, webp, bmp, pnm, gif
    /// The HEIF family, as phones write photos (iPhones: HEIC): decoded through libheif, not leptonica.
    case heic, avif, heif
    /// A PDF page rendered for OCR. Never detected from an image file's bytes: PDFs are documents of pages,
    /// recognized and rendered by the Documents stage.
    case pdf

    /// File extensions that mark a file as an image the runner should pick up.
    public static let extensions: Set<String> = [
        "png", "jpg", "jpeg", "jpe", "tif", "tiff", "webp", "bmp", "pnm", "pbm", "pgm", "ppm", "gif",
        "heic", "heif", "hif", "avif",
    ]

    /// HEIC, AVIF or another HEIF: the formats `PhonePhotoReader` decodes.
    public var isHEIF: Bool { self == .heic || self == .avif || self == .heif }

    /// HEIF major brands (ISO/IEC 23008-12, AV1 image format): an `ftyp` box first, its brand at bytes 8–11.
    /// A file of the family with another major brand still decodes when libheif recognizes it.
    static let heicBrands: Set<String> = ["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs"]
    static let avifBrands: Set<String> = ["avif", "avis"]
    static let heifBrands: Set<String> = ["mif1", "msf1", "mif2", "miaf"]

    public static func detect(_ bytes: some Collection<UInt8>) -> ImageFormat? {
        let b = Array(bytes.prefix(12))
        guard b.count >= 2 else { return nil }
        if b.count >= 8, b[0] == 0x89, b[1] == 0x50, b[2] == 0x4E, b[3] == 0x47 { return .png }
        if b.count >= 3, b[0] == 0xFF, b[1] == 0xD8, b[2] == 0xFF { return .jpeg }
        if b.count >= 4, (b[0] == 0x49 && b[1] == 0x49 && b[2] == 0x2A && b[3] == 0)
            || (b[0] == 0x4D && b[1] == 0x4D && b[2] == 0 && b[3] == 0x2A) { return .tiff }
        if b.count >= 12, b[0] == 0x52, b[1] == 0x49, b[2] == 0x46, b[3] == 0x46,
           b[8] == 0x57, b[9] == 0x45, b[10] == 0x42, b[11] == 0x50 { return .webp }
        if b[0] == 0x42, b[1] == 0x4D { return .bmp }
        if b[0] == 0x50, (0x31...0x36).contains(b[1]) { return .pnm }
        if b.count >= 4, b[0] == 0x47, b[1] == 0x49, b[2] == 0x46, b[3] == 0x38 { return .gif }
        if b.count >= 12, b[4] == 0x66, b[5] == 0x74, b[6] == 0x79, b[7] == 0x70 {
            let brand = String(decoding: b[8..<12], as: UTF8.self)
            if heicBrands.contains(brand) { return .heic }
            if avifBrands.contains(brand) { return .avif }
            if heifBrands.contains(brand) { return .heif }
        }
        return nil
    }
}
