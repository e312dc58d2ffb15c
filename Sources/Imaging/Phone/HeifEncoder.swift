internal import CHeif

/// Sole owner of one libheif encoder (x265 for HEVC, aom for AV1).
final class HeifEncoder {
    let pointer: OpaquePointer

    init(context: HeifContext, format: heif_compression_format = heif_compression_HEVC, name: String) throws(ImagingError) {
        var encoder: OpaquePointer?
        try HeifContext.check(heif_context_get_encoder_for_format(context.pointer, format, &encoder), name: name,
                              kind: .unsupportedFormat, "no \(format == heif_compression_AV1 ? "AV1" : "HEVC") encoder in libheif "
                                  + "(Debian's libheif1 brings x265 and aom)")
        guard let encoder else { throw ImagingError(.unsupportedFormat, file: name, "no encoder for the format") }
        pointer = encoder
    }

    deinit { heif_encoder_release(pointer) }
}

/// Sole owner of libheif's encoding options for one encode call.
final class HeifEncodingOptions {
    let pointer: UnsafeMutablePointer<heif_encoding_options>

    init(name: String) throws(ImagingError) {
        guard let p = heif_encoding_options_alloc() else {
            throw ImagingError(.unreadable, file: name, "libheif could not allocate encoding options (out of memory)")
        }
        pointer = p
        // An odd-sized image is cropped by a `clap` property rather than wrapped in a grid item, so the
        // coded image is one item whose properties can be carried into the assembled file.
        if p.pointee.version >= 2 { p.pointee.macOS_compatibility_workaround = 0 }
        if p.pointee.version >= 4 { p.pointee.macOS_compatibility_workaround_no_nclx_profile = 0 }
    }

    deinit { heif_encoding_options_free(pointer) }
}

/// One image coded by libheif/x265, taken out of the file libheif wrote: its property boxes (hvcC,
/// ispe, colr, pixi, clap …) and its coded bytes, ready to be placed in another HEIF.
struct HEVCCodedImage {
    struct Property {
        var type: String
        var bytes: [UInt8]
        var essential: Bool
    }
    var properties: [Property]
    var data: [UInt8]

    /// `gray`: a one-channel 8-bit image (a depth map) coded as monochrome; otherwise RGB.
    static func encode(_ raster: Raster, quality: Int, lossless: Bool, name: String) throws(ImagingError) -> HEVCCodedImage {
        let context = try HeifContext.empty(name: name)
        let gray = raster.channels == 1
        var created: OpaquePointer?
        try HeifContext.check(heif_image_create(Int32(raster.width), Int32(raster.height),
                                                gray ? heif_colorspace_monochrome : heif_colorspace_RGB,
                                                gray ? heif_chroma_monochrome : heif_chroma_interleaved_RGB, &created),
                              name: name, kind: .unreadable, "HEIF image could not be created")
        guard let created else { throw ImagingError(.unreadable, file: name, "HEIF image could not be created") }
        let image = HeifImage(taking: created)
        let channel = gray ? heif_channel_Y : heif_channel_interleaved
        try HeifContext.check(heif_image_add_plane(image.pointer, channel, Int32(raster.width), Int32(raster.height), 8),
                              name: name, kind: .unreadable, "HEIF image plane could not be allocated")
        var stride: Int32 = 0
        guard let plane = heif_image_get_plane(image.pointer, channel, &stride) else {
            throw ImagingError(.unreadable, file: name, "HEIF image plane could not be allocated")
        }
        let rowBytes = raster.width * raster.channels
        raster.pixels.withUnsafeBufferPointer { src in
            guard let base = src.baseAddress else { return }
            for y in 0..<raster.height {
                (plane + y * Int(stride)).update(from: base + y * rowBytes, count: rowBytes)
            }
        }
        let encoder = try HeifEncoder(context: context, name: name)
        if lossless {
            try HeifContext.check(heif_encoder_set_lossless(encoder.pointer, 1), name: name, kind: .unreadable, "x265 refused lossless coding")
        } else {
            try HeifContext.check(heif_encoder_set_lossy_quality(encoder.pointer, Int32(max(0, min(100, quality)))), name: name,
                                  kind: .unreadable, "x265 refused the quality")
        }
        let options = try HeifEncodingOptions(name: name)
        try HeifContext.check(heif_context_encode_image(context.pointer, image.pointer, encoder.pointer, options.pointer, nil),
                              name: name, kind: .unreadable, "HEVC encoding failed")
        let file = try context.write(name: name)
        guard let structure = HEIFStructure.parse(file), let id = structure.primaryID, let data = structure.data(of: id, in: file),
              structure.items[id]?.type == "hvc1" else {
            throw ImagingError(.unreadable, file: name, "libheif wrote a HEIF whose coded image could not be found")
        }
        let kept = structure.properties(of: id).filter { !["irot", "imir"].contains($0.box.type) }
        return HEVCCodedImage(properties: kept.map { Property(type: $0.box.type, bytes: Array(file[$0.box.start..<$0.box.payload.upperBound]),
                                                             essential: $0.essential) }, data: data)
    }
}
