
/// Namespace URIs of the depth formats read here.
enum XMPNamespace {
    static let apdi = "http://ns.apple.com/pixeldatainfo/1.0/"
    static let depthData = "http://ns.apple.com/depthData/1.0/"
    static let gDepth = "http://ns.google.com/photos/1.0/depthmap/"
    static let xmpNote = "http://ns.adobe.com/xmp/note/"
    static let device = "http://ns.google.com/photos/dd/1.0/device/"
    static let camera = "http://ns.google.com/photos/dd/1.0/camera/"
    static let depthMap = "http://ns.google.com/photos/dd/1.0/depthmap/"
    static let imagingModel = "http://ns.google.com/photos/dd/1.0/imagingmodel/"
    static let ddContainer = "http://ns.google.com/photos/dd/1.0/container/"
    static let ddItem = "http://ns.google.com/photos/dd/1.0/item/"
    /// The GContainer namespaces of Ultra HDR, Motion Photo and recent Pixel portrait files.
    static let gContainer = "http://ns.google.com/photos/1.0/container/"
    static let gItem = "http://ns.google.com/photos/1.0/container/item/"
}

/// Apple's depth XMP: `apdi:` (how the stored values map to floats and what they mean) and
/// `depthData:` (accuracy, intrinsics). On the depth item of a HEIC (a `mime` item linked by
/// `cdsc`) and inside the MPF depth image of an iPhone JPEG.
struct AppleDepthXMP: Sendable {
    var auxiliaryType: String?
    var auxiliarySubType: String?
    var intMin: Double?
    var intMax: Double?
    var floatMin: Double?
    var floatMax: Double?
    var accuracy: String?
    var intrinsicMatrix: [Double]?
    var referenceWidth: Double?
    var referenceHeight: Double?

    /// Nil when the packets carry no Apple depth properties at all.
    init?(_ xmp: XMPDocument) {
        let ns = XMPNamespace.apdi, dd = XMPNamespace.depthData
        auxiliaryType = xmp.value(ns, "AuxiliaryImageType")
        auxiliarySubType = xmp.value(ns, "AuxiliaryImageSubType")
        intMin = xmp.number(ns, "IntMinValue"); intMax = xmp.number(ns, "IntMaxValue")
        floatMin = xmp.number(ns, "FloatMinValue"); floatMax = xmp.number(ns, "FloatMaxValue")
        accuracy = xmp.value(dd, "Accuracy")
        intrinsicMatrix = xmp.list(dd, "IntrinsicMatrix")?.map { Double($0) ?? .nan }
        referenceWidth = xmp.number(dd, "IntrinsicMatrixReferenceWidth")
        referenceHeight = xmp.number(dd, "IntrinsicMatrixReferenceHeight")
        if auxiliaryType == nil, floatMin == nil, floatMax == nil, intrinsicMatrix == nil, accuracy == nil { return nil }
    }

    /// Depth or disparity, and not a matte: an `AuxiliaryImageSubType` (portrait effects matte, skin,
    /// hair, teeth, glasses mattes) marks an image that borrows the depth type but holds a mask.
    var isDepth: Bool {
        guard let type = auxiliaryType?.lowercased(), type == "disparity" || type == "depth" else { return false }
        return (auxiliarySubType ?? "").isEmpty
    }

    /// The stored-value mapping, with defaults only where Apple leaves a field out for full range.
    func encoding(bitDepth: Int) -> DepthEncoding {
        let top = Double((1 << bitDepth) - 1)
        var labels: [String: String] = [:]
        if let auxiliaryType { labels["AuxiliaryImageType"] = auxiliaryType }
        if let accuracy { labels["Accuracy"] = accuracy }
        return DepthEncoding(kind: auxiliaryType?.lowercased() == "depth" ? .appleDepth : .appleDisparity, bitDepth: bitDepth,
                             parameters: ["IntMinValue": intMin ?? 0, "IntMaxValue": intMax ?? top,
                                          "FloatMinValue": floatMin ?? .nan, "FloatMaxValue": floatMax ?? .nan],
                             labels: labels)
    }

    var scale: DepthScale { accuracy?.lowercased() == "relative" ? .relativeMetres : .metres }

    /// The intrinsic matrix (9 values, column order: fx 0 0 0 fy 0 cx cy 1) for its reference image,
    /// or the reason it cannot be used.
    func camera() -> (CameraIntrinsics?, String?) {
        guard let m = intrinsicMatrix else { return (nil, nil) }
        guard m.count == 9, m.allSatisfy(\.isFinite) else {
            return (nil, "depthData:IntrinsicMatrix holds \(m.count) values, not 9 finite numbers")
        }
        guard let w = referenceWidth, let h = referenceHeight, w.isFinite, h.isFinite, w >= 1, h >= 1, w < 1e6, h < 1e6 else {
            return (nil, "depthData:IntrinsicMatrixReferenceWidth/Height is missing or 0")
        }
        return (CameraIntrinsics(fx: m[0], fy: m[4], cx: m[6], cy: m[7], width: Int(w.rounded()), height: Int(h.rounded())), nil)
    }
}
