import Documents
import Flattening
import StepTrace

/// How a page reached the reader, which decides what reads it best: a photo's print is small,
/// uneven and warped even after flattening; a scan's is flat; a rendered PDF page's is perfect.
public enum PageCapture: String, Sendable, Codable, CaseIterable {
    /// A photo flattened by its depth map.
    case depthPhoto = "depth-photo"
    /// A photo flattened from the image alone.
    case photo
    /// A flat scan, kept as scanned.
    case scan
    /// A PDF page rendered because its text layer could not be trusted.
    case renderedPDF = "rendered-pdf"

    /// `flatScan`: the rectifier found the image to be a flat scan; `renderedPDF`: the page is a
    /// PDF page's render.
    public init(method: FlattenMethod, flatScan: Bool, renderedPDF: Bool) {
        if renderedPDF {
            self = .renderedPDF
        } else if method == .plane || method == .surface {
            self = .depthPhoto
        } else {
            self = flatScan ? .scan : .photo
        }
    }

    /// What is known before flattening: a PDF page's render, a photo with a depth map, else a photo
    /// (a flat scan is only told from a photo by the rectifier; a plan made before flattening treats
    /// it as a photo, and the flat-scan path prepares the page the same way for either engine).
    public init(before photo: PagePhoto, renderedPDF: Bool) {
        self = renderedPDF ? .renderedPDF : photo.depth != nil ? .depthPhoto : .photo
    }

    /// Read off a flattened page: depth methods, and the rectifier's flat-scan step.
    public init(_ flat: FlattenedPage, renderedPDF: Bool) {
        self.init(method: flat.report.method, flatScan: flat.report.steps[.flatScan]?.hasPrefix("yes") == true,
                  renderedPDF: renderedPDF)
    }
}
