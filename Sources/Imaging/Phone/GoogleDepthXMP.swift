
/// Google's GDepth XMP (`http://ns.google.com/photos/1.0/depthmap/`): the Lens Blur format, also
/// written by early Pixels. The depth image is base64 in `GDepth:Data`, usually in the extended XMP.
struct GoogleDepthXMP: Sendable {
    var format: String?
    var near: Double?
    var far: Double?
    var mime: String?
    var data: String?
    var units: String?
    var measureType: String?

    /// Nil when the packets hold no GDepth description.
    init?(_ xmp: XMPDocument) {
        let ns = XMPNamespace.gDepth
        format = xmp.value(ns, "Format")
        near = xmp.number(ns, "Near"); far = xmp.number(ns, "Far")
        mime = xmp.value(ns, "Mime")
        data = xmp.value(ns, "Data")
        units = xmp.value(ns, "Units")
        measureType = xmp.value(ns, "MeasureType")
        if format == nil, data == nil, near == nil { return nil }
    }

    func encoding(bitDepth: Int) -> DepthEncoding {
        var labels = ["Format": format ?? "RangeInverse"]
        if let units { labels["Units"] = units }
        if let mime { labels["Mime"] = mime }
        return DepthEncoding(kind: GoogleDepthXMP.kind(format), bitDepth: bitDepth,
                             parameters: ["Near": near ?? .nan, "Far": far ?? .nan], labels: labels)
    }

    /// The specification's default is RangeInverse; anything else but RangeLinear is read as it.
    static func kind(_ format: String?) -> DepthEncoding.Kind {
        format?.lowercased() == "rangelinear" ? .rangeLinear : .rangeInverse
    }

    /// Metres per unit and the scale. The specification defaults `Units` to metres, but Lens Blur
    /// computed depth by structure from motion without a scale and wrote no `Units`: its Near/Far
    /// (12 and 390 for a table at arm's length) are not metres. So only an explicit unit is trusted.
    var unit: (metresPerUnit: Double, scale: DepthScale) { GoogleDepthXMP.unit(units) }

    static func unit(_ units: String?) -> (metresPerUnit: Double, scale: DepthScale) {
        switch units?.lowercased() {
        case "m", "meter", "meters", "metre", "metres": return (1, .metres)
        case "mm", "millimeter", "millimeters", "millimetre", "millimetres": return (0.001, .metres)
        case "cm", "centimeter", "centimeters": return (0.01, .metres)
        default: return (1, .relative)
        }
    }

    static func measure(_ text: String?) -> DepthMeasure {
        switch text?.lowercased() {
        case "opticray", "opticalray": return .opticRay
        default: return .opticalAxis
        }
    }
}

/// The Android Dynamic Depth 1.0 description (Device, Cameras, Container) and the GContainer
/// directory that recent Pixels write instead of `Device:Container`. Read by namespace URI, in either
/// RDF form (attributes or elements), wherever the packets nest it.
struct DynamicDepthXMP: Sendable {
    struct ContainerItem: Sendable, Equatable {
        var mime: String
        var length: Int
        var padding: Int
        var semantic: String
        var uri: String
    }

    struct DepthMapInfo: Sendable, Equatable {
        var format: String?
        var near: Double?
        var far: Double?
        var units: String?
        var measureType: String?
        var itemSemantic: String?
        var depthURI: String?
    }

    struct ImagingModelInfo: Sendable, Equatable {
        var focalLengthX: Double?
        var focalLengthY: Double?
        var principalPointX: Double?
        var principalPointY: Double?
        var imageWidth: Double?
        var imageHeight: Double?
    }

    /// Each directory found (a file may hold a GContainer directory and a Device container both).
    var directories: [[ContainerItem]] = []
    /// Depth maps, each with the imaging model of the same camera when there is one.
    var cameras: [(depthMap: DepthMapInfo, imagingModel: ImagingModelInfo?)] = []

    /// Nil when the packets hold neither a container directory nor a depth map description.
    init?(_ xmp: XMPDocument) {
        for (containerNS, itemNS) in [(XMPNamespace.ddContainer, XMPNamespace.ddItem), (XMPNamespace.gContainer, XMPNamespace.gItem)] {
            for directory in xmp.all(containerNS, "Directory") {
                var items: [ContainerItem] = []
                for li in directory.listItems {
                    // The item is `Container:Item` inside the list item; some writers put its fields on the list item.
                    let holders = li.all(XMPName(namespace: containerNS, name: "Item"))
                    let properties = holders.first.map(\.properties) ?? li.properties
                    func text(_ name: String) -> String? { properties[XMPName(namespace: itemNS, name: name)] }
                    // Lengths beyond any file are clamped, so sums of them cannot overflow.
                    func int(_ name: String) -> Int? {
                        text(name).flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }.map { min(max(0, $0), 1 << 40) }
                    }
                    items.append(ContainerItem(mime: text("Mime") ?? "", length: int("Length") ?? 0, padding: int("Padding") ?? 0,
                                               semantic: text("Semantic") ?? "", uri: text("DataURI") ?? text("URI") ?? ""))
                }
                if !items.isEmpty { directories.append(items) }
            }
        }
        let cameraNS = XMPNamespace.camera
        // Cameras scope their depth map and imaging model together; without that list, take them in order.
        let cameraNodes = xmp.all(XMPNamespace.device, "Cameras").flatMap(\.listItems)
        let scopes = cameraNodes.isEmpty ? xmp.roots : cameraNodes
        for scope in scopes {
            let models = scope.all(XMPName(namespace: cameraNS, name: "ImagingModel")).map(Self.imagingModel)
            for node in scope.all(XMPName(namespace: cameraNS, name: "DepthMap")) {
                cameras.append((Self.depthMap(node), models.first))
            }
        }
        if directories.isEmpty && cameras.isEmpty { return nil }
    }

    private static func depthMap(_ node: XMPNode) -> DepthMapInfo {
        let p = node.properties
        func text(_ name: String) -> String? { p[XMPName(namespace: XMPNamespace.depthMap, name: name)] }
        return DepthMapInfo(format: text("Format"), near: text("Near").flatMap { Double($0) }, far: text("Far").flatMap { Double($0) },
                            units: text("Units"), measureType: text("MeasureType"), itemSemantic: text("ItemSemantic"),
                            depthURI: text("DepthURI"))
    }

    private static func imagingModel(_ node: XMPNode) -> ImagingModelInfo {
        let p = node.properties
        func number(_ name: String) -> Double? { p[XMPName(namespace: XMPNamespace.imagingModel, name: name)].flatMap { Double($0) } }
        return ImagingModelInfo(focalLengthX: number("FocalLengthX"), focalLengthY: number("FocalLengthY"),
                                principalPointX: number("PrincipalPointX"), principalPointY: number("PrincipalPointY"),
                                imageWidth: number("ImageWidth"), imageHeight: number("ImageHeight"))
    }

    /// Dynamic Depth units: `Meters` is metric; `Diopters` marks non-metric data and `None` none at all.
    static func unit(_ units: String?) -> (metresPerUnit: Double, scale: DepthScale) {
        switch units?.lowercased() {
        case "meters", "metres", "m": return (1, .metres)
        case "millimeters", "millimetres", "mm": return (0.001, .metres)
        default: return (1, .relative)
        }
    }
}

extension DynamicDepthXMP.ImagingModelInfo {
    /// The pinhole camera for an image of ImageWidth × ImageHeight, or why there is none. The
    /// specification gives the focal length normalized by the larger image side and the principal
    /// point normalized by the image size, while Android's own writer stores pixels; values of at most
    /// a few units can only be normalized ones, so both readings are accepted.
    func camera() -> (CameraIntrinsics?, String?) {
        guard let fxIn = focalLengthX, let fyIn = focalLengthY, let w = imageWidth, let h = imageHeight else {
            return (nil, "Camera:ImagingModel lacks FocalLengthX/Y or ImageWidth/Height")
        }
        guard [fxIn, fyIn, w, h].allSatisfy({ $0.isFinite && $0 > 0 }), w >= 1, h >= 1, w < 1e6, h < 1e6 else {
            return (nil, "Camera:ImagingModel has a focal length or image size that is not a positive number")
        }
        let longer = max(w, h)
        let fx = fxIn < 8 ? fxIn * longer : fxIn, fy = fyIn < 8 ? fyIn * longer : fyIn
        var cx = (w - 1) / 2, cy = (h - 1) / 2
        if let px = principalPointX, let py = principalPointY, px.isFinite, py.isFinite {
            cx = px <= 1.5 && py <= 1.5 ? px * w : px
            cy = px <= 1.5 && py <= 1.5 ? py * h : py
        }
        return (CameraIntrinsics(fx: fx, fy: fy, cx: cx, cy: cy, width: Int(w.rounded()), height: Int(h.rounded())), nil)
    }
}
