/// How a file stored its depth: what a sample means and the numbers that turn it into a distance.
/// Parameters keep the names the file uses (`FloatMinValue`, `Near`, `d_max` …), so `decant inspect`
/// shows what is in the file and a reader can check the conversion by hand.
public struct DepthEncoding: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Codable {
        /// Apple `apdi` disparity: d = FloatMin + (v − IntMin)(FloatMax − FloatMin)/(IntMax − IntMin) in 1/m; depth 1/d.
        case appleDisparity
        /// Apple `apdi` with `AuxiliaryImageType` depth: the same mapping gives metres directly.
        case appleDepth
        /// Google (GDepth, Dynamic Depth) RangeInverse: dn = v/max, d = far·near/(far − dn(far − near)).
        case rangeInverse
        /// Google RangeLinear: d = near + dn(far − near).
        case rangeLinear
        /// HEIF depth representation only (no Apple XMP): uniform disparity between d_min and d_max; depth 1/d.
        case uniformDisparity
        /// HEIF depth representation: uniform depth between z_near and z_far.
        case uniformDepth
        /// HEIF depth representation: uniform inverse depth; the largest value is z_near.
        case uniformInverseDepth
    }

    public var kind: Kind
    /// Bits of the stored samples (8 or 16).
    public var bitDepth: Int
    /// Numeric parameters under the file's own names.
    public var parameters: [String: Double]
    /// Text parameters under the file's own names (`AuxiliaryImageType`, `Format`, `Units`, `Accuracy` …).
    public var labels: [String: String]

    public init(kind: Kind, bitDepth: Int, parameters: [String: Double], labels: [String: String] = [:]) {
        self.kind = kind
        self.bitDepth = bitDepth
        self.parameters = parameters
        self.labels = labels
    }

    /// The largest stored value (255, 65535, or what a deeper sample allows).
    public var maxStoredValue: Double { Double((1 << max(1, min(16, bitDepth))) - 1) }

    /// The conversion of one stored value, or why the parameters cannot give one (a lying file).
    private func formula() -> Result<(Double) -> Double, Failure> {
        func values(_ names: String...) -> Result<[Double], Failure> {
            var out: [Double] = []
            for name in names {
                guard let v = parameters[name] else { return .failure(Failure("\(name) is missing")) }
                guard v.isFinite else { return .failure(Failure("\(name) is not a number (\(v))")) }
                out.append(v)
            }
            return .success(out)
        }
        let top = maxStoredValue
        switch kind {
        case .appleDisparity, .appleDepth:
            return values("IntMinValue", "IntMaxValue", "FloatMinValue", "FloatMaxValue").flatMap { v in
                let (iMin, iMax, fMin, fMax) = (v[0], v[1], v[2], v[3])
                if iMax == iMin { return .failure(Failure("IntMinValue and IntMaxValue are equal (\(iMin))")) }
                if kind == .appleDisparity, min(fMin, fMax) < 0 { return .failure(Failure("disparity range \(fMin)…\(fMax) is negative")) }
                let step = (fMax - fMin) / (iMax - iMin)
                return .success(kind == .appleDisparity ? { 1 / (fMin + ($0 - iMin) * step) } : { fMin + ($0 - iMin) * step })
            }
        case .rangeInverse, .rangeLinear:
            return values("Near", "Far").flatMap { v in
                let (near, far) = (v[0], v[1])
                if near >= far { return .failure(Failure("Near (\(near)) is not below Far (\(far))")) }
                if kind == .rangeInverse, near <= 0 { return .failure(Failure("Near (\(near)) must be positive for RangeInverse")) }
                return .success(kind == .rangeInverse ? { far * near / (far - $0 / top * (far - near)) } : { near + $0 / top * (far - near) })
            }
        case .uniformDisparity:
            return values("d_min", "d_max").flatMap { v in
                let (dMin, dMax) = (v[0], v[1])
                if dMin == dMax { return .failure(Failure("d_min and d_max are equal")) }
                return .success { 1 / (dMin + $0 / top * (dMax - dMin)) }
            }
        case .uniformDepth, .uniformInverseDepth:
            return values("z_near", "z_far").flatMap { v in
                let (near, far) = (v[0], v[1])
                if near >= far { return .failure(Failure("z_near (\(near)) is not below z_far (\(far))")) }
                if kind == .uniformInverseDepth, near <= 0 { return .failure(Failure("z_near must be positive for inverse depth")) }
                return .success(kind == .uniformDepth ? { near + $0 / top * (far - near) }
                                                      : { 1 / ($0 / top * (1 / near - 1 / far) + 1 / far) })
            }
        }
    }

    private struct Failure: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    /// Why these parameters cannot be converted (a lying file), or nil when they can.
    public var problem: String? {
        if case .failure(let f) = formula() { return f.message }
        return nil
    }

    /// Converts stored samples to distances (metres, or the file's units); 0 marks a hole (no
    /// finite positive distance). Nil when `problem` is set.
    public func convert(_ raw: [UInt16]) -> [Float]? {
        guard case .success(let f) = formula() else { return nil }
        // At most 65536 distinct samples: convert each once.
        var table = [Float](repeating: 0, count: 1 << 16)
        var seen = [Bool](repeating: false, count: 1 << 16)
        return raw.map { v in
            let i = Int(v)
            if !seen[i] {
                let d = f(Double(v))
                table[i] = d.isFinite && d > 0 ? Float(d) : 0
                seen[i] = true
            }
            return table[i]
        }
    }
}

/// Whether distances are in metres the file vouches for.
public enum DepthScale: String, Sendable, Codable {
    /// Metres.
    case metres
    /// Metres by the file's units, but the file says its accuracy is only relative (Apple
    /// `depthData:Accuracy` relative): the shape holds, the scale may be off.
    case relativeMetres
    /// Units of the file's own, unrelated to metres (old GDepth, Dynamic Depth `Diopters`/`None`):
    /// only the shape holds.
    case relative
}

/// What a depth value measures.
public enum DepthMeasure: String, Sendable, Codable {
    /// Along the camera's optical axis (Z), as Decant's DepthMap.
    case opticalAxis
    /// Along the ray through the pixel (Dynamic Depth `OpticRay`).
    case opticRay
}

/// Which of the known places of a file the depth came from.
public enum DepthSource: String, Sendable, Codable {
    /// A HEIF auxiliary image of depth type (`urn:mpeg:hevc:2015:auxid:2` or the MPEG-B depth URN).
    case heifAuxiliaryImage
    /// An image of a JPEG's MPF index with Apple's depth XMP (iPhone portrait JPEG).
    case appleMPFImage
    /// Google's GDepth XMP: a base64 image in the (extended) XMP (Lens Blur, early Pixel).
    case googleDepthXMP
    /// An item of an Android Dynamic Depth 1.0 container, appended after the primary JPEG.
    case dynamicDepthItem
}
