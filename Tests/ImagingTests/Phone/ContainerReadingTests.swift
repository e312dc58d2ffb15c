import BenchKit
import Foundation
import Testing
@testable import Imaging

@Suite("XMP, extended XMP and container layout rules")
struct ContainerReadingTests {
    static func document(_ text: String) -> XMPDocument { XMPDocument(packets: [Array(text.utf8)]) }

    @Test("a property reads the same as an attribute, an element, or inside a nested rdf:Description")
    func rdfForms() {
        let forms = [
            #"<rdf:Description xmlns:G="urn:g/" G:Near="1.5"/>"#,
            #"<rdf:Description xmlns:G="urn:g/"><G:Near>1.5</G:Near></rdf:Description>"#,
            #"<rdf:Description><G:Holder xmlns:G="urn:g/"><rdf:Description G:Near="1.5"/></G:Holder></rdf:Description>"#,
        ]
        for form in forms {
            let xmp = Self.document(#"<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">"#
                                    + form + "</rdf:RDF></x:xmpmeta>")
            let holders = xmp.all("urn:g/", "Holder")
            let value = holders.isEmpty ? xmp.value("urn:g/", "Near") : holders[0].properties[XMPName(namespace: "urn:g/", name: "Near")]
            #expect(value == "1.5", "\(form)")
        }
    }

    @Test("one prefix bound to two namespaces in two scopes resolves in each (Pixel's Container)")
    func prefixScopes() {
        let xmp = Self.document("""
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
        <rdf:Description xmlns:Container="http://ns.google.com/photos/1.0/container/"><Container:Directory/></rdf:Description>\
        <rdf:Description xmlns:Container="http://ns.google.com/photos/dd/1.0/container/"><Container:Directory/></rdf:Description>\
        </rdf:RDF></x:xmpmeta>
        """)
        #expect(xmp.all(XMPNamespace.gContainer, "Directory").count == 1)
        #expect(xmp.all(XMPNamespace.ddContainer, "Directory").count == 1)
    }

    @Test("XMP that is not XML is reported, not fatal")
    func brokenXML() {
        let xmp = Self.document("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF><unclosed")
        #expect(!xmp.problems.isEmpty)
    }

    @Test("extended XMP chunks missing from the file are reported with the bytes that are there")
    func missingChunk() throws {
        let packet = Array(String(repeating: "depth ", count: 200).utf8)
        let split = ExtendedXMP.segments(for: packet, chunkSize: 300)
        #expect(split.segments.count == 4)
        let jpeg = JPEGSegmentWriter.inserting(split.segments[0] + split.segments[2] + split.segments[3],
                                               into: [0xFF, 0xD8, 0xFF, 0xD9])
        let result = try #require(ExtendedXMP.reassemble(guid: split.guid, segments: JPEGSegments(jpeg), in: jpeg))
        #expect(result.problems.contains { $0.contains("incomplete") })
        #expect(result.problems.contains { $0.contains("MD5") })
        let whole = JPEGSegmentWriter.inserting(split.segments.reversed().flatMap { $0 }, into: [0xFF, 0xD8, 0xFF, 0xD9])
        let good = try #require(ExtendedXMP.reassemble(guid: split.guid.lowercased(), segments: JPEGSegments(whole), in: whole))
        #expect(good.packet == packet && good.problems.isEmpty)
    }

    @Test("container items are found with padding after the item or inside its length, from either end")
    func layouts() {
        let primary: [UInt8] = [0xFF, 0xD8, 0xFF, 0xD9]
        let a: [UInt8] = [0xFF, 0xD8, 0xFF, 1, 2, 3], b: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 9]
        typealias Item = DynamicDepthXMP.ContainerItem
        // Padding 2 after each item, not counted in the lengths.
        let outside = primary + [0, 0] + a + [0, 0] + b + [0, 0]
        let itemsOutside = [Item(mime: "image/jpeg", length: 0, padding: 2, semantic: "Primary", uri: ""),
                            Item(mime: "image/jpeg", length: a.count, padding: 2, semantic: "GainMap", uri: ""),
                            Item(mime: "image/png", length: b.count, padding: 2, semantic: "Depth", uri: "")]
        #expect(ContainerLayout.locate(itemsOutside, index: 2, in: outside, primaryEnd: 4).map { Array(outside[$0]) } == b + [])
        // The same file with lengths that include the padding.
        var itemsInside = itemsOutside
        itemsInside[1].length += 2; itemsInside[2].length += 2
        #expect(ContainerLayout.locate(itemsInside, index: 2, in: outside, primaryEnd: 4)?.lowerBound == 4 + 2 + a.count + 2)
        // Unknown primary end (no EOI found): from the end of the file.
        #expect(ContainerLayout.locate(itemsOutside, index: 2, in: outside, primaryEnd: nil)?.lowerBound == 4 + 2 + a.count + 2)
        // Lengths that lie put the item nowhere that starts like an image.
        var lying = itemsOutside
        lying[1].length = 3
        lying[2].length = 1
        #expect(ContainerLayout.locate(lying, index: 2, in: outside + [1, 2, 3], primaryEnd: 4) == nil)
    }

    @Test("the end of a JPEG is found past restart markers and stuffed bytes in the scan")
    func jpegEnd() throws {
        let jpeg = [UInt8](try JPEGFile.encode(Fixture.photo(), quality: 80))
        #expect(JPEGSegments(jpeg + [0xAA, 0xBB]).end == jpeg.count)
        let scan: [UInt8] = [0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02, 0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD3, 0x56, 0xFF, 0xD9, 0x77]
        #expect(JPEGSegments(scan).end == 15)
    }
}

@Suite("Real phone files (../shared/data/phone-depth) against the independent decoders' figures")
struct SharedPhoneDepthTests {
    @Test("every file reads: depth within 1 % median and 5 % at the 95th percentile, no-depth HEIC at its size, matte refused",
          .enabled(if: SharedPhoneDepth.available, "needs ../shared/data/phone-depth (absent: skipped)"))
    func references() throws {
        let report = PhoneDepthCheck.run(folder: try #require(SharedPhoneDepth.folder))
        #expect(report.results.count >= 6, "every file of the folder is checked")
        for result in report.results {
            #expect(result.passed, "\(result.line)")
        }
    }
}
