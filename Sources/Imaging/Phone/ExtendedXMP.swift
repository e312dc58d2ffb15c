import Digests

/// Adobe's extended XMP: a packet too large for one APP1 segment is cut into chunks, each with the
/// 32-character GUID (the MD5 of the whole packet, upper-case hex), the full length and the chunk's
/// offset. Google's depth formats put the depth image there as base64. Chunks may come in any order
/// and other GUIDs' chunks may sit beside them, so the packet is rebuilt by offset for the GUID the
/// standard XMP names, and checked against that MD5.
enum ExtendedXMP {
    struct Reassembly: Sendable {
        var packet: [UInt8]
        var problems: [String]
    }

    /// The packet for `guid`, or nil when no chunk carries it. Problems (missing bytes, an MD5 that
    /// does not match) are reported, and the packet is still returned for the caller to try.
    static func reassemble(guid: String, segments: JPEGSegments, in bytes: [UInt8]) -> Reassembly? {
        let wanted = guid.uppercased()
        var full: Int?
        var chunks: [(offset: Int, range: Range<Int>)] = []
        for payload in segments.payloads(marker: 0xE1, signature: JPEGSegments.extendedXMPSignature, in: bytes) {
            guard payload.count >= 40 else { continue }
            let id = String(decoding: bytes[payload.lowerBound..<(payload.lowerBound + 32)], as: UTF8.self).uppercased()
            guard id == wanted else { continue }
            let length = Int(ISOBox.readUInt32(bytes, payload.lowerBound + 32))
            let offset = Int(ISOBox.readUInt32(bytes, payload.lowerBound + 36))
            full = full ?? length
            chunks.append((offset, (payload.lowerBound + 40)..<payload.upperBound))
        }
        guard let full, !chunks.isEmpty else { return nil }
        var problems: [String] = []
        // A lying length must not allocate gigabytes: the chunks cannot hold more than the file.
        let size = min(full, bytes.count)
        var packet = [UInt8](repeating: 0, count: size)
        var covered = 0
        for chunk in chunks.sorted(by: { $0.offset < $1.offset }) {
            let end = min(size, chunk.offset + chunk.range.count)
            guard chunk.offset < end else {
                problems.append("an extended XMP chunk lies outside the declared \(full) bytes")
                continue
            }
            packet.replaceSubrange(chunk.offset..<end, with: bytes[chunk.range.lowerBound..<(chunk.range.lowerBound + end - chunk.offset)])
            covered += end - chunk.offset
        }
        if covered < full {
            problems.append("extended XMP is incomplete (\(covered) of \(full) bytes; chunks are missing)")
        }
        if md5(packet) != wanted {
            problems.append("extended XMP does not match its MD5 \(wanted) (damaged or edited without updating it)")
        }
        return Reassembly(packet: packet, problems: problems)
    }

    static func md5(_ bytes: [UInt8]) -> String {
        Digest.hash(.md5, bytes).map { byte in
            let hex = Array("0123456789ABCDEF".utf8)
            return String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 15)]], as: UTF8.self)
        }.joined()
    }

    /// APP1 segments carrying `packet` as extended XMP (chunks of at most `chunkSize` bytes), and its GUID.
    static func segments(for packet: [UInt8], chunkSize: Int = 65_400) -> (guid: String, segments: [[UInt8]]) {
        let guid = md5(packet)
        var out: [[UInt8]] = []
        var offset = 0
        repeat {
            let end = min(packet.count, offset + chunkSize)
            var payload = JPEGSegments.extendedXMPSignature + Array(guid.utf8)
            var header = BoxWriter()
            header.u32(packet.count)
            header.u32(offset)
            payload += header.bytes + packet[offset..<end]
            out.append(JPEGSegmentWriter.segment(marker: 0xE1, payload))
            offset = end
        } while offset < packet.count
        return (guid, out)
    }
}
