import Foundation

/// What a phone photo's container declares, apart from what its decoder yields: the embedded-depth
/// readers are checked against it (`decant-bench phone-depth`, and the tests over ../shared/data/phone-depth).
extension PhonePhotoReader {
    /// Width and height of the primary item from its `ispe`, turned by its transformations.
    public static func declaredHEIFSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard let s = HEIFStructure.parse(bytes), let id = s.primaryID, let ispe = s.property("ispe", of: id),
              ispe.payload.count >= 12 else { return nil }
        let w = Int(ISOBox.readUInt32(bytes, ispe.payload.lowerBound + 4)), h = Int(ISOBox.readUInt32(bytes, ispe.payload.lowerBound + 8))
        return Orientations.transposes(HEIFTransform.combined(HEIFTransform.transforms(of: id, in: s, bytes: bytes))) ? (h, w) : (w, h)
    }

    /// 1-based MPF indices of images whose Apple XMP names an AuxiliaryImageSubType (mattes).
    public static func matteImages(_ bytes: [UInt8]) -> [Int] {
        guard let index = MPFIndex(segments: JPEGSegments(bytes), in: bytes) else { return [] }
        return index.entries.enumerated().compactMap { k, entry in
            guard entry.offset > 0, entry.offset + entry.size <= bytes.count else { return nil }
            let image = Array(bytes[entry.offset..<(entry.offset + entry.size)])
            let xmp = XMPDocument(packets: JPEGSegments(image).standardXMP(in: image).map { [$0] } ?? [])
            return AppleDepthXMP(xmp)?.auxiliarySubType?.isEmpty == false ? k + 1 : nil
        }
    }
}
