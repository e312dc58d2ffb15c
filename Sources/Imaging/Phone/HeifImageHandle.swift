internal import CHeif

/// Sole owner of one libheif image handle (an item of the file, before decoding). It keeps its
/// context alive, so a handle never outlives the file it points into.
final class HeifImageHandle {
    let pointer: OpaquePointer
    let id: UInt32
    let context: HeifContext

    init(taking pointer: OpaquePointer, id: UInt32, context: HeifContext) {
        self.pointer = pointer
        self.id = id
        self.context = context
    }

    deinit { heif_image_handle_release(pointer) }

    /// Size after the item's transformations (what decoding yields).
    var width: Int { Int(heif_image_handle_get_width(pointer)) }
    var height: Int { Int(heif_image_handle_get_height(pointer)) }
    var hasAlpha: Bool { heif_image_handle_has_alpha_channel(pointer) != 0 }
    var lumaBits: Int { Int(heif_image_handle_get_luma_bits_per_pixel(pointer)) }

    /// Auxiliary images (alpha, depth, gain maps, mattes) attached to this image.
    func auxiliaryImageIDs() -> [UInt32] {
        let count = Int(heif_image_handle_get_number_of_auxiliary_images(pointer, 0))
        guard count > 0 else { return [] }
        var ids = [heif_item_id](repeating: 0, count: count)
        let n = Int(heif_image_handle_get_list_of_auxiliary_image_IDs(pointer, 0, &ids, Int32(count)))
        return Array(ids.prefix(n))
    }

    func auxiliaryImage(_ id: UInt32, name: String) throws(ImagingError) -> HeifImageHandle {
        var handle: OpaquePointer?
        try HeifContext.check(heif_image_handle_get_auxiliary_image_handle(pointer, id, &handle), name: name,
                              kind: .corrupt, "HEIF auxiliary image \(id) cannot be opened")
        guard let handle else { throw ImagingError(.corrupt, file: name, "HEIF auxiliary image \(id) cannot be opened") }
        return HeifImageHandle(taking: handle, id: id, context: context)
    }

    /// The auxiliary type URN of this handle (it must be an auxiliary image).
    var auxiliaryType: String? {
        var type: UnsafePointer<CChar>?
        guard heif_image_handle_get_auxiliary_type(pointer, &type).code == heif_error_Ok else { return nil }
        defer { heif_image_handle_free_auxiliary_types(pointer, &type) }
        return type.map { String(cString: $0) }
    }

    /// libheif's reading of the depth representation SEI for one of this image's depth images.
    func depthRepresentation(of depthID: UInt32) -> DepthRepresentationInfo? {
        var info: UnsafePointer<heif_depth_representation_info>?
        guard heif_image_handle_get_depth_image_representation_info(pointer, depthID, &info) != 0, let info else { return nil }
        defer { heif_depth_representation_info_free(info) }
        let i = info.pointee
        guard let kind = DepthRepresentationInfo.Kind(rawValue: Int(i.depth_representation_type.rawValue)) else { return nil }
        return DepthRepresentationInfo(kind: kind, zNear: i.has_z_near != 0 ? i.z_near : nil, zFar: i.has_z_far != 0 ? i.z_far : nil,
                                       dMin: i.has_d_min != 0 ? i.d_min : nil, dMax: i.has_d_max != 0 ? i.d_max : nil,
                                       disparityReferenceView: Int(i.disparity_reference_view))
    }

    struct Metadata {
        var id: UInt32
        var type: String
        var contentType: String
        var bytes: [UInt8]
    }

    /// Metadata items linked to this image (`cdsc`): EXIF, XMP, and for Apple's depth its `mime` XMP.
    /// Blocks larger than `limit` bytes are skipped (a lying size must not allocate gigabytes).
    func metadata(limit: Int = 16 << 20) -> [Metadata] {
        let count = Int(heif_image_handle_get_number_of_metadata_blocks(pointer, nil))
        guard count > 0 else { return [] }
        var ids = [heif_item_id](repeating: 0, count: count)
        let n = Int(heif_image_handle_get_list_of_metadata_block_IDs(pointer, nil, &ids, Int32(count)))
        return ids.prefix(n).compactMap { id in
            let type = heif_image_handle_get_metadata_type(pointer, id).map { String(cString: $0) } ?? ""
            let contentType = heif_image_handle_get_metadata_content_type(pointer, id).map { String(cString: $0) } ?? ""
            let size = heif_image_handle_get_metadata_size(pointer, id)
            guard size > 0, size <= limit else { return nil }
            var bytes = [UInt8](repeating: 0, count: size)
            guard heif_image_handle_get_metadata(pointer, id, &bytes).code == heif_error_Ok else { return nil }
            return Metadata(id: id, type: type, contentType: contentType, bytes: bytes)
        }
    }

    /// Decodes with the item's transformations applied (libheif's default). `reduceTo8Bits`: deep
    /// colour comes back as 8 bits (photos); a depth map keeps its own bit depth.
    func decode(colorspace: heif_colorspace, chroma: heif_chroma, reduceTo8Bits: Bool, name: String,
                what: String) throws(ImagingError) -> HeifImage {
        let options = try HeifDecodingOptions(name: name, reduceTo8Bits: reduceTo8Bits)
        var image: OpaquePointer?
        let error = heif_decode_image(pointer, &image, colorspace, chroma, options.pointer)
        try HeifContext.check(error, name: name, kind: .corrupt, "\(what) could not be decoded")
        guard let image else { throw ImagingError(.corrupt, file: name, "\(what) could not be decoded") }
        return HeifImage(taking: image)
    }
}

/// Sole owner of libheif's decoding options for one decode call.
final class HeifDecodingOptions {
    let pointer: UnsafeMutablePointer<heif_decoding_options>

    init(name: String, reduceTo8Bits: Bool) throws(ImagingError) {
        guard let p = heif_decoding_options_alloc() else {
            throw ImagingError(.unreadable, file: name, "libheif could not allocate decoding options (out of memory)")
        }
        pointer = p
        // Version 2 and later: deep-colour (10-bit) photos can come back as 8 bits, which Raster holds.
        if p.pointee.version >= 2 { p.pointee.convert_hdr_to_8bit = reduceTo8Bits ? 1 : 0 }
    }

    deinit { heif_decoding_options_free(pointer) }
}
