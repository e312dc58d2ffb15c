import Documents
import Foundation
import Imaging

/// A page Decant did not draw (a rendered PDF page, a list's published image) photographed by the
/// same scene, camera and photo effects as the synthesizer's own lists: real layouts as a phone
/// sees them, with the page's own ground truth carried over. Each photo's randomness comes from
/// (seed, index) alone, as the synthesizer's does.
public struct PagePhotographer: Sendable {
    public var photoWidth = 3024
    public var photoHeight = 4032
    public var maxTilt = 40.0
    public var maxRotation = 15.0

    public init(photoWidth: Int = 3024, photoHeight: Int = 4032, maxTilt: Double = 40, maxRotation: Double = 15) {
        self.photoWidth = photoWidth
        self.photoHeight = photoHeight
        self.maxTilt = maxTilt
        self.maxRotation = maxRotation
    }

    /// A photo and the JPEG quality its camera would save it at.
    public struct Photo: Sendable {
        public var raster: Raster
        public var jpegQuality: Int
        /// The shape, effects and scene drawn, as the synthesizer's ground truth names them.
        public var parameters: [String: String]
    }

    /// `page` printed `widthMM` wide (its height by its aspect), bent to `shape`, photographed with
    /// `strength`'s effects.
    public func photograph(_ page: Raster, widthMM: Double, shape: PageShape, strength: EffectStrength,
                           seed: UInt64, index: Int) -> Photo {
        let stream = UInt64(index) &* 8
        var sceneRng = SeededRandom(seed: seed, stream: stream &+ 1)
        var photoRng = SeededRandom(seed: seed, stream: stream &+ 2)
        let heightMM = widthMM * Double(page.height) / Double(max(page.width, 1))
        var sampler = SceneSampler(photoWidth: photoWidth, photoHeight: photoHeight)
        sampler.maxTilt = maxTilt
        sampler.maxRotation = maxRotation
        let scene = sampler.make(shape: shape, kind: .winelist, widthMM: widthMM, heightMM: heightMM, &sceneRng)
        var effects = PhotoEffects.random(strength, photoLongSide: max(photoWidth, photoHeight), &photoRng)
        effects.inkFade = 0
        var texture = page.channels == 3 ? page
            : Raster(width: page.width, height: page.height, channels: 3, pixels: page.pixels.flatMap { [$0, $0, $0] })
        let texelsPerMM = Double(page.width) / widthMM
        PaperFinish.apply(to: &texture, texelsPerMM: texelsPerMM, fibre: 0.02, fade: 0, &photoRng)
        let photo = Photographer(scene: scene, effects: effects)
            .photograph(texture: MipTexture(texture, texelsPerMM: texelsPerMM), paper: .white, &photoRng)
        var parameters = ["shape": shape.rawValue, "effects": strength.rawValue, "widthMM": String(Int(widthMM.rounded())),
                          "tiltX": String(format: "%.1f", scene.tiltX), "tiltY": String(format: "%.1f", scene.tiltY),
                          "inPlane": String(format: "%.1f", scene.inPlane)]
        for (key, value) in effects.summary { parameters["fx." + key] = value }
        return Photo(raster: photo, jpegQuality: effects.jpegQuality, parameters: parameters)
    }
}
