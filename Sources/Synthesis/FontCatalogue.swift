/// The font families the generator prints with, by role. All are outline fonts from Debian
/// packages (no bitmap fonts): real menus are set in book faces, receipts in monospace.
public enum FontCatalogue {
    /// Book faces for list bodies.
    public static let serif = ["P052", "C059", "Nimbus Roman", "DejaVu Serif", "Liberation Serif", "FreeSerif", "URW Bookman"]
    public static let sans = ["Nimbus Sans", "DejaVu Sans", "Liberation Sans", "FreeSans", "URW Gothic"]
    public static let condensed = ["Nimbus Sans Narrow"]
    /// Thermal printers print a fixed-pitch face.
    public static let monospace = ["DejaVu Sans Mono", "Liberation Mono", "Nimbus Mono PS", "FreeMono"]
    /// A calligraphic face, only for restaurant names at the top of some lists (as real menus do).
    public static let script = ["Z003"]

    /// Faces Tesseract's English model reads almost perfectly at body sizes: the set the
    /// "flat render OCRs back to its ground truth" check uses (`--fonts clean`).
    public static let clean = ["P052", "C059", "Nimbus Roman", "DejaVu Serif", "Liberation Serif",
                               "Nimbus Sans", "DejaVu Sans", "Liberation Sans", "DejaVu Sans Mono", "Liberation Mono"]

    public static var all: [String] { serif + sans + condensed + monospace + script }

    /// The Debian package that installs a family (named in "font missing" errors and the set-up script).
    public static func debianPackage(for family: String) -> String {
        switch family {
        case "DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono": return "fonts-dejavu-core"
        case _ where family.hasPrefix("DejaVu"): return "fonts-dejavu-extra"
        case _ where family.hasPrefix("Liberation"): return "fonts-liberation2"
        case _ where family.hasPrefix("Free"): return "fonts-freefont-ttf"
        default: return "fonts-urw-base35"
        }
    }
}
