import Foundation
import Imaging

extension PageLoader {
    /// A photo upright, with its depth and camera: a sidecar's when there is one (a sidecar always
    /// wins), else the file's own — a HEIF depth item, an iPhone MPF image, a Dynamic Depth item or
    /// GDepth; Apple's or Dynamic Depth's intrinsics. A photo that cannot hold any (PNG, TIFF …) is
    /// decoded by ImageLoader as it always was; a JPEG's own depth is found from its segments before
    /// its pixels are decoded, so its pixels are decoded once and exactly as before.
    public func loadPhoto(_ source: PageSource) throws(ImagingError) -> PagePhoto {
        let name = source.fileName
        let bytes = try ImageLoader.readBytes(path: source.path, limit: limits.maxFileBytes)
        let format = ImageFormat.detect(bytes)
        let heif = format?.isHEIF == true || PhonePhotoReader.isHEIF(bytes)
        let lookInside = (format == .jpeg || heif) && (source.depthPath == nil || source.cameraPath == nil)
        guard lookInside || heif else {
            // The depth path finds the sheet's outline in colour too.
            let image = try ImageLoader.decode(bytes, name: name, limits: limits, grayscale: grayscale, chroma: source.depthPath != nil)
            var photo = PagePhoto(image: image)
            loadCamera(source, into: &photo)
            loadDepth(source, into: &photo)
            return photo
        }
        let phone = try PhonePhotoReader.read(bytes: bytes, name: name, limits: limits, grayscale: grayscale, readDepth: lookInside,
                                              chroma: source.depthPath != nil ? .always : .withDepth)
        var photo = PagePhoto(image: phone.loadedImage)
        var facts = PhotoFacts(container: phone.container.rawValue,
                               orientation: phone.orientationSource == "none" ? nil : phone.orientationSource,
                               topLevelImages: phone.topLevelImages > 1 ? phone.topLevelImages : nil)
        loadCamera(source, into: &photo)
        if source.cameraPath != nil, photo.camera != nil { facts.intrinsics = "camera.json" }
        // EXIF intrinsics are left to the flattening's camera model, which reads the same EXIF.
        let ownCamera = phone.intrinsics.flatMap { $0.source == .exifFocalLength35mm ? nil : $0 }
        if photo.camera == nil, let own = ownCamera {
            photo.camera = own.camera
            photo.cameraSource = PhotoFacts.cameraStep(own.source)
            facts.intrinsics = PhotoFacts.intrinsicsName(own.source)
        }
        if source.depthPath != nil {
            loadDepth(source, into: &photo)
            if photo.depth != nil { (facts.depthSource, facts.depthScale) = ("sidecar", "metres") }
        } else if let own = phone.depth {
            // Rays become axis distances with the best camera there is (the EXIF one when no other).
            let conversion = own.depthMap(intrinsics: photo.camera ?? phone.intrinsics?.camera)
            photo.depth = conversion.map
            photo.image.warnings += own.warnings
            facts.depthSource = own.source.rawValue
            facts.depthLocation = own.location
            facts.depthEncoding = "\(own.encoding.bitDepth)-bit \(own.encoding.kind.rawValue)"
            facts.depthScale = own.scale.rawValue
            facts.depthNotes = conversion.notes.isEmpty ? nil : conversion.notes
        }
        if facts.intrinsics == nil {
            // Flattening's camera model reads the same EXIF by the same rule, else assumes a lens.
            facts.intrinsics = phone.intrinsics?.source == .exifFocalLength35mm ? PhotoIntrinsics.Source.exifFocalLength35mm.rawValue : "assumed"
        }
        if heif || phone.depth != nil || ownCamera != nil { photo.facts = facts }
        return photo
    }

    private func loadCamera(_ source: PageSource, into photo: inout PagePhoto) {
        guard let cameraPath = source.cameraPath else { return }
        do { photo.camera = try CameraIntrinsics.load(path: cameraPath) } catch { photo.sidecarProblems.append(error.description) }
    }

    private func loadDepth(_ source: PageSource, into photo: inout PagePhoto) {
        guard let depthPath = source.depthPath else { return }
        do {
            let depth = try DepthMap.load(path: depthPath)
            if let problem = depth.alignmentProblem(photoWidth: photo.image.raster.width, photoHeight: photo.image.raster.height) {
                photo.depthProblem = "\((depthPath as NSString).lastPathComponent): \(problem)"
            } else {
                photo.depth = depth
            }
        } catch { photo.depthProblem = error.description }
    }
}
