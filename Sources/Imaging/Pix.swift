internal import CLeptonica

/// Sole owner of one leptonica `PIX`. Leptonica reference-counts pixes; we never clone, so the
/// handle dies with this object (ARC releases it as soon as the last reference goes, deterministically).
///
/// Imaging is the only module that holds leptonica: other modules chain its operations through the
/// methods of this class (`backgroundNormalized`, `thresholded`, `connectedComponents`, …) and never
/// see a `PIX` pointer, so every pix has exactly one owner and no caller can free or outlive one.
public final class Pix {
    /// Valid for the lifetime of this object; do not destroy it. Internal so that no module outside
    /// Imaging can hold the pix past its owner.
    let pointer: UnsafeMutablePointer<PIX>

    /// Takes ownership of a freshly created pix; returns nil for a null result from leptonica.
    init?(taking pointer: UnsafeMutablePointer<PIX>?) {
        guard let pointer else { return nil }
        self.pointer = pointer
    }

    deinit {
        var p: UnsafeMutablePointer<PIX>? = pointer
        pixDestroy(&p)
    }

    public var width: Int { Int(pixGetWidth(pointer)) }
    public var height: Int { Int(pixGetHeight(pointer)) }
    public var depth: Int { Int(pixGetDepth(pointer)) }

    /// Converts a Raster into an 8-bit gray or 32-bit RGB pix.
    public convenience init(_ raster: Raster) {
        Leptonica.configure()
        let depth: Int32 = raster.channels == 1 ? 8 : 32
        // pixCreate only fails on absurd sizes or out of memory; Raster sizes come from decoded images.
        guard let created = pixCreate(Int32(raster.width), Int32(raster.height), depth) else {
            fatalError("leptonica could not allocate a \(raster.width)x\(raster.height) image")
        }
        self.init(taking: created)!
        let wpl = Int(pixGetWpl(pointer))
        guard let data = pixGetData(pointer) else { return }
        raster.pixels.withUnsafeBufferPointer { src in
            for y in 0..<raster.height {
                let line = data + y * wpl
                if raster.channels == 1 {
                    let bytes = UnsafeMutableRawPointer(line).assumingMemoryBound(to: UInt8.self)
                    for x in 0..<raster.width { bytes[x ^ 3] = src[y * raster.width + x] }
                } else {
                    for x in 0..<raster.width {
                        let i = (y * raster.width + x) * 3
                        line[x] = (UInt32(src[i]) << 24) | (UInt32(src[i + 1]) << 16) | (UInt32(src[i + 2]) << 8) | 0xff
                    }
                }
            }
        }
    }

    /// Reads an 8-bit gray or 32-bit RGB pix back into a Raster (other depths are converted first).
    public func raster() -> Raster {
        if depth != 8 && depth != 32 || (depth == 8 && pixGetColormap(pointer) != nil) {
            let converted: UnsafeMutablePointer<PIX>?
            if pixGetColormap(pointer) != nil {
                converted = pixRemoveColormap(pointer, Int32(REMOVE_CMAP_BASED_ON_SRC))
            } else if depth == 1 || depth == 2 || depth == 4 || depth == 16 {
                converted = pixConvertTo8(pointer, 0)
            } else {
                converted = pixConvertTo32(pointer)
            }
            guard let owned = Pix(taking: converted) else {
                return Raster(width: max(width, 1), height: max(height, 1), channels: 1)
            }
            return owned.raster()
        }
        let w = width, h = height, wpl = Int(pixGetWpl(pointer))
        guard let data = pixGetData(pointer) else { return Raster(width: w, height: h, channels: 1) }
        if depth == 8 {
            var out = [UInt8](repeating: 0, count: w * h)
            for y in 0..<h {
                let bytes = UnsafeRawPointer(data + y * wpl).assumingMemoryBound(to: UInt8.self)
                for x in 0..<w { out[y * w + x] = bytes[x ^ 3] }
            }
            return Raster(width: w, height: h, channels: 1, pixels: out)
        }
        var out = [UInt8](repeating: 0, count: w * h * 3)
        for y in 0..<h {
            let line = data + y * wpl
            for x in 0..<w {
                let v = line[x], i = (y * w + x) * 3
                out[i] = UInt8(truncatingIfNeeded: v >> 24)
                out[i + 1] = UInt8(truncatingIfNeeded: v >> 16)
                out[i + 2] = UInt8(truncatingIfNeeded: v >> 8)
            }
        }
        return Raster(width: w, height: h, channels: 3, pixels: out)
    }
}
