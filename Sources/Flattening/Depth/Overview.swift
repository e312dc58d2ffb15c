import Imaging

/// The photo unrolled onto the fitted surface at about a millimetre a pixel: the page is a
/// rectangle here whatever its tilt and bend, so its outline is found here.
struct Overview {
    /// Flat position of view pixel (0, 0), millimetres, and the view's scale.
    let x0: Double
    let y0: Double
    let mmPerPixel: Double
    let view: Raster
    /// Where the view shows the photo.
    let valid: [Bool]
    /// What the view was made from, for views of other planes of the same photo (`colour(of:)`).
    private let model: SurfaceModel
    private let camera: CameraModel
    /// Photo pixels per pixel of the copy the view samples.
    private let reduction: Int

    /// The flat positions `xs`, `ys` of the depth region (trimmed of strays) plus a margin.
    static func extent(xs: [Double], ys: [Double]) -> (minX: Double, maxX: Double, minY: Double, maxY: Double)? {
        guard xs.count > 10 else { return nil }
        var sx = xs, sy = ys
        let trim = xs.count / 500
        let minX = Selection.element(ofRank: trim, in: &sx), maxX = Selection.element(ofRank: sx.count - 1 - trim, in: &sx)
        let minY = Selection.element(ofRank: trim, in: &sy), maxY = Selection.element(ofRank: sy.count - 1 - trim, in: &sy)
        let marginX = (maxX - minX) * 0.05, marginY = (maxY - minY) * 0.05
        return (minX - marginX, maxX + marginX, minY - marginY, maxY + marginY)
    }

    /// Covers the flat rectangle `extent` (millimetres) at about `longSide` pixels along its longer side.
    init?(model: SurfaceModel, camera: CameraModel, gray: Raster, extent: (minX: Double, maxX: Double, minY: Double, maxY: Double),
          longSide: Int) {
        let (minX, maxX, minY, maxY) = extent
        guard maxX - minX > 5, maxY - minY > 5 else { return nil }
        // At least 2.5 photo pixels per view pixel: a finer view would show the photo's own pixel
        // grid (stair-stepped edges) as edges along the photo's axes.
        let centre = model.point(x: (minX + maxX) / 2, y: (minY + maxY) / 2)
        let density = camera.intrinsics.fx / max(1, centre.z)
        let mm = max(2.5 / density, max(maxX - minX, maxY - minY) / Double(longSide))
        let w = Int(((maxX - minX) / mm).rounded(.up)) + 1, h = Int(((maxY - minY) / mm).rounded(.up)) + 1
        x0 = minX; y0 = minY; mmPerPixel = mm
        self.model = model
        self.camera = camera
        // Sample from a copy reduced to about 1.25 photo pixels per view pixel (no aliasing).
        let reduction = max(1, Int(mm * density / 1.25))
        self.reduction = reduction
        let source = gray.boxReduced(by: reduction)
        let warp = Self.map(model: model, camera: camera, x0: minX, y0: minY, mmPerPixel: mm, width: w, height: h,
                            reducedBy: Double(reduction))
        view = warp.resample(source, outside: 0)
        var valid = [Bool](repeating: false, count: w * h)
        let limitX = Double(source.width - 1), limitY = Double(source.height - 1)
        for j in 0..<h {
            for i in 0..<w {
                let p = warp.photoPosition(x: Double(i), y: Double(j))
                valid[j * w + i] = p.x >= 1 && p.y >= 1 && p.x <= limitX - 1 && p.y <= limitY - 1
            }
        }
        self.valid = valid
    }

    /// The view's map into a copy of the photo reduced `r` times.
    private static func map(model: SurfaceModel, camera: CameraModel, x0: Double, y0: Double, mmPerPixel mm: Double,
                            width: Int, height: Int, reducedBy r: Double) -> Unwarper {
        Unwarper(width: width, height: height, spacing: 8) { i, j in
            guard let p = camera.project(model.point(x: x0 + i * mm, y: y0 + j * mm)) else { return nil }
            return ((p.x + 0.5) / r - 0.5, (p.y + 0.5) / r - 0.5)
        }
    }

    /// The photo's colour planes seen as `view` is (yellow-blue, red-green): where only its colour
    /// sets the sheet apart from the table. Made on demand, as most outlines need only the gray.
    func colour(of chroma: Chroma) -> [Raster] {
        // The planes are already reduced; reduced further only if the view is coarser still.
        let further = max(1, reduction / chroma.reduction)
        let warp = Self.map(model: model, camera: camera, x0: x0, y0: y0, mmPerPixel: mmPerPixel, width: view.width,
                            height: view.height, reducedBy: Double(chroma.reduction * further))
        return chroma.planes.map { warp.resample($0.boxReduced(by: further), outside: 128) }
    }

    @inline(__always) func flat(x: Double, y: Double) -> (x: Double, y: Double) { (x0 + x * mmPerPixel, y0 + y * mmPerPixel) }

    /// View pixels within `radius` of any of the flat positions.
    func mask(of xs: [Double], _ ys: [Double], radius: Double) -> [Bool] {
        let w = view.width, h = view.height
        var mask = [Bool](repeating: false, count: w * h)
        let r = max(1, Int(radius.rounded(.up)))
        for k in xs.indices {
            let cx = Int(((xs[k] - x0) / mmPerPixel).rounded()), cy = Int(((ys[k] - y0) / mmPerPixel).rounded())
            let ya = max(0, cy - r), yb = min(h - 1, cy + r), xa = max(0, cx - r), xb = min(w - 1, cx + r)
            guard ya <= yb, xa <= xb else { continue }
            for y in ya...yb {
                for x in xa...xb { mask[y * w + x] = true }
            }
        }
        return mask
    }

    /// Share of the page (a quad in flat millimetres) that has depth near it: the view is cut into
    /// cells of `cell` pixels, and a cell with any depth in it counts as covered (small holes — glare,
    /// dropouts — are bridged by the fit; a page half off the depth map is not).
    func coverage(of corners: [(x: Double, y: Double)], mask: [Bool], cell: Int) -> Double {
        let w = view.width, h = view.height
        let c = max(1, cell)
        let cw = (w + c - 1) / c, ch = (h + c - 1) / c
        var covered = [Bool](repeating: false, count: cw * ch)
        for y in 0..<h { for x in 0..<w where mask[y * w + x] { covered[(y / c) * cw + x / c] = true } }
        let quad = FlatQuad(corners: corners.map { (x: ($0.x - x0) / mmPerPixel, y: ($0.y - y0) / mmPerPixel) }).shrunk(by: 0)
        var total = 0, inside = 0
        for y in Swift.stride(from: 0, to: h, by: 2) {
            for x in Swift.stride(from: 0, to: w, by: 2) where quad.contains((Double(x), Double(y))) {
                total += 1
                if covered[(y / c) * cw + x / c] { inside += 1 }
            }
        }
        return total > 0 ? Double(inside) / Double(total) : 0
    }
}
