internal import CLeptonica

/// Sole owner of one leptonica `BOXA`, read out as plain rectangles. Internal: callers get the
/// rectangles (`Pix.connectedComponents`), never the array.
final class BoxArray {
    private var pointer: UnsafeMutablePointer<BOXA>?

    init?(taking pointer: UnsafeMutablePointer<BOXA>?) {
        guard let pointer else { return nil }
        self.pointer = pointer
    }

    deinit { boxaDestroy(&pointer) }

    var rects: [PixelRect] {
        guard let pointer else { return [] }
        let n = Int(boxaGetCount(pointer))
        var out: [PixelRect] = []
        out.reserveCapacity(n)
        for i in 0..<n {
            var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
            if boxaGetBoxGeometry(pointer, Int32(i), &x, &y, &w, &h) == 0 {
                out.append(PixelRect(x: Int(x), y: Int(y), width: Int(w), height: Int(h)))
            }
        }
        return out
    }
}
