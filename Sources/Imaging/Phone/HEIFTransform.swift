
/// A transformative property of a HEIF item, in the order the file lists it. libheif applies them
/// when decoding; they are read again here to say what was applied, and to align a depth map that
/// carries none of its own with a photo that does.
enum HEIFTransform: Sendable, Equatable {
    /// `irot`: anticlockwise rotation by `quarterTurns` × 90°.
    case rotation(quarterTurns: Int)
    /// `imir`: axis 0 mirrors about a vertical axis (left and right swap), 1 about a horizontal one.
    case mirror(axis: Int)
    /// `clap`: a crop (clean aperture); it keeps the orientation.
    case cleanAperture

    var text: String {
        switch self {
        case .rotation(let q): return "irot \(q * 90)° anticlockwise"
        case .mirror(let axis): return axis == 0 ? "imir about the vertical axis (left-right)" : "imir about the horizontal axis (top-bottom)"
        case .cleanAperture: return "clap crop"
        }
    }

    /// The EXIF orientation with the same effect on the pixels (a crop has none).
    var orientation: Raster.Orientation {
        switch self {
        case .rotation(let q):
            switch ((q % 4) + 4) % 4 {
            case 1: return .left
            case 2: return .down
            case 3: return .right
            default: return .up
            }
        case .mirror(let axis): return axis == 0 ? .upMirrored : .downMirrored
        case .cleanAperture: return .up
        }
    }

    static func transforms(of id: UInt32, in structure: HEIFStructure, bytes: [UInt8]) -> [HEIFTransform] {
        structure.properties(of: id).compactMap { property in
            let box = property.box
            switch box.type {
            case "irot" where !box.payload.isEmpty:
                // A rotation by 0° (which iPhones write) changes nothing and is not reported.
                let turns = Int(bytes[box.payload.lowerBound] & 3)
                return turns == 0 ? nil : .rotation(quarterTurns: turns)
            case "imir" where !box.payload.isEmpty: return .mirror(axis: Int(bytes[box.payload.lowerBound] & 1))
            case "clap": return .cleanAperture
            default: return nil
            }
        }
    }

    /// One orientation for a sequence of transforms applied in order.
    static func combined(_ transforms: [HEIFTransform]) -> Raster.Orientation {
        transforms.reduce(Raster.Orientation.up) { Orientations.combine($0, then: $1.orientation) }
    }
}

/// The eight orientations as a group: composing two of them, and mapping a pixel position through one.
/// Composition is found by applying both to a small image whose pixels are all different, so it
/// agrees with `Raster.applying` by construction.
enum Orientations {
    private static let probe = Raster(width: 3, height: 2, channels: 1, pixels: [0, 1, 2, 3, 4, 5])
    static let all: [Raster.Orientation] = [.up, .upMirrored, .down, .downMirrored, .leftMirrored, .right, .rightMirrored, .left]

    static func combine(_ first: Raster.Orientation, then second: Raster.Orientation) -> Raster.Orientation {
        let target = probe.applying(first).applying(second)
        return all.first { probe.applying($0) == target } ?? .up
    }

    /// The orientation that undoes `o`.
    static func inverse(_ o: Raster.Orientation) -> Raster.Orientation {
        all.first { combine(o, then: $0) == .up } ?? .up
    }

    /// Whether the orientation swaps width and height.
    static func transposes(_ o: Raster.Orientation) -> Bool {
        switch o {
        case .leftMirrored, .right, .rightMirrored, .left: return true
        default: return false
        }
    }

    /// Where the stored pixel (x, y) of a `width`×`height` image lands once `o` is applied
    /// (continuous coordinates, pixel centres at integers).
    static func map(x: Double, y: Double, width: Int, height: Int, by o: Raster.Orientation) -> (x: Double, y: Double) {
        let w = Double(width - 1), h = Double(height - 1)
        switch o {
        case .up: return (x, y)
        case .upMirrored: return (w - x, y)
        case .down: return (w - x, h - y)
        case .downMirrored: return (x, h - y)
        case .leftMirrored: return (y, x)
        case .right: return (h - y, x)
        case .rightMirrored: return (h - y, w - x)
        case .left: return (y, w - x)
        }
    }

    static func describe(_ o: Raster.Orientation) -> String {
        switch o {
        case .up: return "none"
        case .upMirrored: return "mirrored left-right"
        case .down: return "rotated 180°"
        case .downMirrored: return "mirrored top-bottom"
        case .leftMirrored: return "transposed (mirrored, rotated 90° anticlockwise)"
        case .right: return "rotated 90° clockwise"
        case .rightMirrored: return "transversed (mirrored, rotated 90° clockwise)"
        case .left: return "rotated 90° anticlockwise"
        }
    }
}
