import CPoppler
import Imaging

/// Sole owner of one poppler page: its text layer and its renders.
///
/// Holds its document, so the document outlives every page it handed out; deinit unrefs the `PopplerPage`.
/// Not `Sendable`, like its document.
public final class PDFPage {
    /// 1-based.
    public let number: Int
    /// As shown: crop box, after /Rotate.
    public let size: PDFSize
    public let document: PDFDocument

    let pointer: OpaquePointer
    var file: String { document.path }

    /// Takes the page, or releases it and throws when its size is refused.
    init(taking page: OpaquePointer, number: Int, document: PDFDocument) throws(PDFError) {
        var width = 0.0, height = 0.0
        poppler_page_get_size(page, &width, &height)
        let limit = document.limits.maxPageSide
        guard width.isFinite, height.isFinite, width >= 1, height >= 1 else {
            g_object_unref(UnsafeMutableRawPointer(page))
            throw PDFError(.pageTooLarge, file: document.path, page: number,
                           "has no usable size (\(Self.format(width)) × \(Self.format(height)) pt)")
        }
        guard width <= limit, height <= limit else {
            g_object_unref(UnsafeMutableRawPointer(page))
            throw PDFError(.pageTooLarge, file: document.path, page: number,
                           "is \(Self.format(width / 72)) × \(Self.format(height / 72)) in; the limit is "
                           + "\(Self.format(limit / 72)) in on a side")
        }
        pointer = page
        self.number = number
        self.document = document
        size = PDFSize(width: width, height: height)
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(pointer))
    }

    var popplerPage: OpaquePointer { pointer }

    static func format(_ value: Double) -> String {
        value.isFinite ? String(Int(value.rounded())) : "\(value)"
    }

    /// The text layer as poppler gives it, glyph by glyph, and what poppler complained of while reading it.
    func rawTextLayer() -> (RawTextLayer, PopplerMessages) {
        PopplerMessages.collecting { () -> RawTextLayer in
            let page = popplerPage
            let text: String
            if let chars = poppler_page_get_text(page) {
                text = String(cString: chars)
                g_free(chars)
            } else {
                text = ""
            }
            var rectangles: UnsafeMutablePointer<PopplerRectangle>?
            var count: guint = 0
            var boxes: [PDFRect] = []
            if poppler_page_get_text_layout(page, &rectangles, &count) != 0, let rectangles {
                boxes.reserveCapacity(Int(count))
                for i in 0..<Int(count) {
                    let r = rectangles[i]
                    boxes.append(PDFRect(x1: r.x1, y1: r.y1, x2: r.x2, y2: r.y2))
                }
            }
            g_free(rectangles)
            var runs: [(range: ClosedRange<Int>, style: RawTextLayer.Style)] = []
            let list = poppler_page_get_text_attributes(page)
            var node = list
            while let current = node {
                if let attributes = current.pointee.data?.assumingMemoryBound(to: PopplerTextAttributes.self).pointee {
                    let name = attributes.font_name.map { String(cString: $0) } ?? "Default"
                    let color = PDFColor(red: UInt8(attributes.color.red >> 8), green: UInt8(attributes.color.green >> 8),
                                         blue: UInt8(attributes.color.blue >> 8))
                    let style = RawTextLayer.Style(fontName: name, fontSize: attributes.font_size,
                                                   isUnderlined: attributes.is_underlined != 0, color: color)
                    let lower = Int(attributes.start_index), upper = Int(attributes.end_index)
                    if lower <= upper { runs.append((lower...upper, style)) }
                }
                node = current.pointee.next
            }
            poppler_page_free_text_attributes(list)
            return RawTextLayer(text: text, boxes: boxes, runs: runs)
        }
    }
}

extension PDFPage {
    /// The page's words in lines, mended (ligatures, invisible characters, overprinted copies; see
    /// `TextLayerRepair`), without looking at the rendered page: `read()` also checks it against the render.
    public func textLayer() -> PDFTextLayer {
        let (raw, _) = rawTextLayer()
        return TextLayerRepair.repair(raw, pageSize: size).layer
    }
}
