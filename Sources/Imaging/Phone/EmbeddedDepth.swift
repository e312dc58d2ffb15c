import Foundation

/// A depth map found inside a photo file, converted to distances and aligned with the photo as
/// Decant orients it. Kept at its own resolution (phones store 0.2–0.5 MP of depth for a 12 MP photo).
public struct EmbeddedDepth: Sendable, Equatable {
    public var width: Int
    public var height: Int
    /// Distances, rows top-down: metres, or the file's own units when `scale` is `.relative`; 0 = hole.
    public var values: [Float]
    /// The samples as stored (8- or 16-bit), in the same layout as `values`, for checking a conversion.
    public var raw: [UInt16]
    public var scale: DepthScale
    public var measure: DepthMeasure
    public var source: DepthSource
    /// Where in the file, in words (item number, MPF index, container item …).
    public var location: String
    public var encoding: DepthEncoding
    /// The orientation applied to the stored map to align it with the photo as returned.
    public var orientation: Raster.Orientation
    /// What the reader noticed but could work around.
    public var warnings: [String]

    public init(width: Int, height: Int, values: [Float], raw: [UInt16], scale: DepthScale, measure: DepthMeasure,
                source: DepthSource, location: String, encoding: DepthEncoding, orientation: Raster.Orientation,
                warnings: [String]) {
        precondition(values.count == width * height && raw.count == width * height)
        self.width = width; self.height = height; self.values = values; self.raw = raw
        self.scale = scale; self.measure = measure; self.source = source; self.location = location
        self.encoding = encoding; self.orientation = orientation; self.warnings = warnings
    }

    public subscript(x: Int, y: Int) -> Float { values[y * width + x] }

    /// The map re-oriented (values and raw samples alike); `orientation` records the total.
    func applying(_ o: Raster.Orientation) -> EmbeddedDepth {
        guard o != .up else { return self }
        let w = Orientations.transposes(o) ? height : width, h = Orientations.transposes(o) ? width : height
        var v = [Float](repeating: 0, count: values.count), r = [UInt16](repeating: 0, count: raw.count)
        for y in 0..<height {
            for x in 0..<width {
                let m = Orientations.map(x: Double(x), y: Double(y), width: width, height: height, by: o)
                let d = Int(m.y) * w + Int(m.x), s = y * width + x
                v[d] = values[s]; r[d] = raw[s]
            }
        }
        var out = self
        out.width = w; out.height = h; out.values = v; out.raw = r
        out.orientation = Orientations.combine(orientation, then: o)
        return out
    }

    /// Smallest, median and largest valid (positive, finite) value, and how many there are. The
    /// median is taken over at most about 250 000 evenly spread values: a Lens Blur map has 3 million,
    /// and a description or a nominal scale needs no more.
    var validSummary: (minimum: Float, median: Float, maximum: Float, count: Int)? {
        var low = Float.infinity, high: Float = 0, count = 0
        let step = max(1, values.count / 250_000)
        var sample: [Float] = []
        sample.reserveCapacity(values.count / step + 1)
        values.withUnsafeBufferPointer { v in
            for i in 0..<v.count where v[i] > 0 && v[i].isFinite {
                low = min(low, v[i]); high = max(high, v[i]); count += 1
                if i % step == 0 { sample.append(v[i]) }
            }
        }
        guard count > 0 else { return nil }
        if sample.isEmpty { sample = [low] }
        sample.sort()
        return (low, sample[sample.count / 2], high, count)
    }

    /// Decant's DepthMap (millimetres along the optical axis). Metric maps are converted as they
    /// are; a relative map is scaled so its median lands on `nominalMedianMillimetres`, a typical
    /// phone-to-page distance: only its shape is known, and the flattener needs a plausible scale
    /// for its page-size priors. Ray distances become axis distances when intrinsics are given.
    public func depthMap(nominalMedianMillimetres: Float = 400, intrinsics: CameraIntrinsics? = nil) -> DepthMapConversion {
        var notes: [String] = []
        var factor: Float = 1000
        var nominal = false
        if scale == .relative {
            if let median = validSummary?.median, median > 0 {
                factor = nominalMedianMillimetres / median
                nominal = true
                notes.append(String(format: "depth has no metric scale (%@); scaled so its median is %.0f mm", scaleText, nominalMedianMillimetres))
            }
        } else if scale == .relativeMetres {
            notes.append("depth is in metres of relative accuracy only (the file says so); its scale may be off")
        }
        var mm = values.map { $0 > 0 && $0.isFinite ? $0 * factor : 0 }
        if measure == .opticRay {
            if let camera = intrinsics?.scaled(toWidth: width, height: height) {
                for y in 0..<height {
                    for x in 0..<width where mm[y * width + x] > 0 {
                        let a = (Double(x) - camera.cx) / camera.fx, b = (Double(y) - camera.cy) / camera.fy
                        mm[y * width + x] = Float(Double(mm[y * width + x]) / (1 + a * a + b * b).squareRoot())
                    }
                }
                notes.append("distances along each pixel's ray converted to distances along the optical axis")
            } else {
                notes.append("distances are along each pixel's ray (OpticRay) and no intrinsics were given to convert them")
            }
        }
        return DepthMapConversion(map: DepthMap(width: width, height: height, millimetres: mm),
                                  millimetresPerUnit: factor, nominalScale: nominal, notes: notes)
    }

    private var scaleText: String {
        switch scale {
        case .metres: return "metres"
        case .relativeMetres: return "relative metres"
        case .relative: return "units of the file's own"
        }
    }

    /// A one-channel little-endian PFM of the values at the map's own resolution: metres, or the
    /// file's own units when the scale is relative; holes are 0. (Imaging's PFM writer is internal
    /// and takes millimetres only, so relative units could not pass through it unchanged.)
    public func pfm() -> [UInt8] {
        var out = Array("Pf\n\(width) \(height)\n-1.0\n".utf8)
        out.reserveCapacity(out.count + values.count * 4)
        for row in 0..<height {
            let y = height - 1 - row  // PFM stores the bottom row first
            for x in 0..<width {
                let bits = values[y * width + x].bitPattern
                out += [UInt8(bits & 0xFF), UInt8(bits >> 8 & 0xFF), UInt8(bits >> 16 & 0xFF), UInt8(bits >> 24)]
            }
        }
        return out
    }

    public func writePFM(to path: String) throws(ImagingError) {
        guard FileManager.default.createFile(atPath: path, contents: Data(pfm())) else {
            throw ImagingError(.unreadable, file: (path as NSString).lastPathComponent, "could not be written")
        }
    }
}

/// An embedded depth map as Decant's DepthMap, with how it was scaled.
public struct DepthMapConversion: Sendable, Equatable {
    public var map: DepthMap
    /// Millimetres per unit of the embedded map's values.
    public var millimetresPerUnit: Float
    /// True when the scale was chosen (relative depth), not read from the file.
    public var nominalScale: Bool
    public var notes: [String]
}
