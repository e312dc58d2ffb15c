/// How the page sits in front of the camera.
public enum PageShape: String, Sendable, CaseIterable, Codable {
    /// Flat on the table, photographed almost straight down (a scan-like photo).
    case flat
    /// Flat, but tilted up to 40° about either axis, rotated in-plane up to ±15° or turned by 90°.
    case perspective
    /// Bent like a cylinder: a menu held in a hand or a folder, a page curling at an edge, a receipt
    /// curling along its length.
    case curl
    /// Crumpled: sharp ridges and gentle waves.
    case wrinkle
    /// Folded once or twice and opened again.
    case fold

    /// Flat pages have no depth worth writing; every other shape gets a depth map.
    public var isFlat: Bool { self == .flat }
}
