import Documents
import Catalogue
import Entries
import Evaluation
import Foundation
import Imaging

/// One synthetic sample, ready to be written.
public struct SynthesizedImage: Sendable {
    public var photo: Raster
    public var jpegQuality: Int
    public var depth: DepthMap?
    public var camera: CameraIntrinsics
    public var truth: GroundTruth
    /// The clean page render (when asked for), the accuracy upper bound.
    public var flat: Raster?
    public var document: FlatDocument
    public var scene: Scene
}

/// Makes samples: document → flat render → 3-D scene → photo, depth and ground truth. Holds a text
/// engine, so each worker thread owns one Synthesizer. Each sample's randomness comes from
/// (seed, index) alone, in separate streams for the document, the scene, the photo and the depth,
/// so switching depth or the flat render on or off leaves the other files byte-identical.
public final class Synthesizer {
    public let catalogue: Catalogue
    public let options: SynthOptions
    private let engine: TextEngine

    public static let generatorVersion = "decant-synth 1"

    public init(catalogue: Catalogue, options: SynthOptions) throws(SynthesisError) {
        self.catalogue = catalogue
        self.options = options
        engine = try TextEngine()
        // Receipts fall back to DejaVu Sans Mono when the chosen families hold no monospace face.
        let receiptFallback = options.fonts.contains(where: FontCatalogue.monospace.contains) ? [] : [FontCatalogue.monospace[0]]
        try engine.requireFamilies(options.fonts + receiptFallback)
    }

    /// The page alone (no photo), e.g. to OCR the clean render.
    public func document(seed: UInt64, index: Int) -> FlatDocument {
        var rng = SeededRandom(seed: seed, stream: UInt64(index) &* 8)
        return makeDocument(kind: kind(seed: seed, index: index), &rng)
    }

    public func render(_ document: FlatDocument, dpi: Double) throws(SynthesisError) -> Raster {
        try engine.render(document, dpi: dpi)
    }

    private func kind(seed: UInt64, index: Int) -> DocumentKind {
        switch options.kind {
        case .winelist: return .winelist
        case .receipt: return .receipt
        case .mixed:
            var rng = SeededRandom(seed: seed, stream: UInt64(index) &* 8 &+ 4)
            return rng.chance(0.65) ? .winelist : .receipt
        }
    }

    private func makeDocument(kind: DocumentKind, _ rng: inout SeededRandom) -> FlatDocument {
        switch kind {
        case .winelist:
            return WineListGenerator(catalogue: catalogue, fakeRate: options.fakeRate, year: options.year, fonts: options.fonts,
                                     columns: options.columns, leaders: options.leaders, selection: options.selection)
                .generate(engine: engine, &rng)
        case .receipt:
            return ReceiptGenerator(catalogue: catalogue, fakeRate: options.fakeRate, year: options.year, fonts: options.fonts)
                .generate(engine: engine, &rng)
        }
    }

    public func make(seed: UInt64, index: Int) throws(SynthesisError) -> SynthesizedImage {
        let stream = UInt64(index) &* 8
        let document = self.document(seed: seed, index: index)
        var sceneRng = SeededRandom(seed: seed, stream: stream &+ 1)
        var photoRng = SeededRandom(seed: seed, stream: stream &+ 2)
        var depthRng = SeededRandom(seed: seed, stream: stream &+ 3)

        let shape = options.shape(for: index)
        let strength = options.strength(for: index)
        var sampler = SceneSampler(photoWidth: options.photoWidth, photoHeight: options.photoHeight)
        sampler.maxTilt = options.maxTilt
        sampler.maxRotation = options.maxRotation
        sampler.turns = options.turns
        let scene = sampler.make(shape: shape, kind: document.kind, widthMM: document.widthMM, heightMM: document.heightMM, &sceneRng)
        var effects = PhotoEffects.random(strength, photoLongSide: max(options.photoWidth, options.photoHeight), &photoRng)
        if document.kind == .winelist { effects.inkFade = 0 }

        // Texture resolution: enough texels for the closest part of the page.
        var density = 0.0
        for p in scene.outline(samples: 8) { density = max(density, scene.camera.fx / p.z) }
        let dpi = min(400, max(150, (density * 25.4 * 1.15).rounded()))
        var texture = try engine.render(document, dpi: dpi)
        PaperFinish.apply(to: &texture, texelsPerMM: dpi / 25.4, fibre: document.kind == .receipt ? 0.03 : 0.02,
                          fade: effects.inkFade, &photoRng)
        let mip = MipTexture(texture, texelsPerMM: dpi / 25.4)
        let photo = Photographer(scene: scene, effects: effects).photograph(texture: mip, paper: document.paper, &photoRng)

        var depth: DepthMap?
        var depthSize: String = "none"
        if let dw = options.depthWidth, let dh = options.depthHeight, !shape.isFlat || options.depthForFlat {
            // The depth map follows the photo's orientation.
            let landscape = scene.camera.width > scene.camera.height
            let (w, h) = landscape ? (max(dw, dh), min(dw, dh)) : (min(dw, dh), max(dw, dh))
            depth = DepthSensor(width: w, height: h, noise: options.depthNoise).capture(scene, effects: effects, &depthRng).0
            depthSize = "\(w)x\(h)"
        }
        let flat = options.withFlat ? try engine.render(document, dpi: options.flatDPI) : nil

        func r(_ v: Double, _ places: Double = 1000) -> Double { (v * places).rounded() / places }
        let corners = scene.cornersInPhoto.map { [r($0.x, 100), r($0.y, 100)] }
        let corners3D = scene.corners3D.map { [r($0.x), r($0.y), r($0.z)] }
        let page = GroundTruth.PageTruth(shape: shape.rawValue, layout: document.layout, widthMM: r(document.widthMM),
                                         heightMM: r(document.heightMM), corners: corners, corners3D: corners3D)
        var generator: [String: String] = [
            "generator": Self.generatorVersion, "seed": String(seed), "index": String(index), "shape": shape.rawValue,
            "effects": strength.rawValue, "photo": "\(scene.camera.width)x\(scene.camera.height)", "depth": depthSize,
            "depthNoise": String(options.depthNoise), "textureDPI": String(Int(dpi)), "catalogue": catalogue.name,
            "fonts": document.families.joined(separator: ", "),
        ]
        for (key, value) in document.parameters { generator["doc." + key] = value }
        for (key, value) in effects.summary { generator["fx." + key] = value }
        for (key, value) in describe(scene) { generator["scene." + key] = value }
        let truth = GroundTruth(kind: document.kind, lines: document.lines, entries: document.entries, receipt: document.receipt,
                                page: page, generator: generator)
        return SynthesizedImage(photo: photo, jpegQuality: effects.jpegQuality, depth: depth, camera: scene.camera, truth: truth,
                                flat: flat, document: document, scene: scene)
    }

    private func describe(_ scene: Scene) -> [String: String] {
        func r(_ v: Double) -> String { String((v * 100).rounded() / 100) }
        var out: [String: String] = [
            "tiltX": r(scene.tiltX), "tiltY": r(scene.tiltY), "inPlane": r(scene.inPlane),
            "distanceMM": r(scene.translation.z), "tableZ": r(scene.tableZ), "table": scene.table.kind.rawValue,
            "held": String(scene.held), "light": "\(r(scene.light.x)) \(r(scene.light.y)) \(r(scene.light.z))",
        ]
        if let bend = scene.surface.bend {
            out["bend"] = (bend.alongLength ? "along-length " : "across-width ")
                + bend.segments.map { "\(r($0.start))mm:\($0.curvature == 0 ? "flat" : "r=\(r(1 / $0.curvature))")" }.joined(separator: " ")
        }
        if !scene.surface.folds.isEmpty {
            out["folds"] = scene.surface.folds.map { "(\(r($0.u)),\(r($0.v))) dir (\(r($0.du)),\(r($0.dv))) \(r($0.degrees))°" }.joined(separator: "; ")
        }
        if let w = scene.surface.wrinkles { out["wrinkles"] = "\(w.ridges.count) ridges, \(w.waves.count) waves" }
        return out
    }
}
