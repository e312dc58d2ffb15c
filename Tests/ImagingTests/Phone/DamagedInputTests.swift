import Foundation
import Testing
@testable import Imaging

@Suite("Damaged files never crash the readers")
struct DamagedInputTests {
    /// Files of every layout the writers make, with depth.
    static func files() throws -> [(String, [UInt8])] {
        var gcontainer = DynamicDepthJPEGWriter.Options()
        gcontainer.directory = .gContainer; gcontainer.gainMap = true; gcontainer.padding = 3; gcontainer.extendedXMP = true
        return [
            ("w.heic", try HEICDepthWriter.encode(photo: Fixture.photo(), depth: Fixture.depth(), intrinsics: Fixture.camera())),
            ("dd.jpg", try DynamicDepthJPEGWriter.encode(photo: Fixture.photo(), depth: Fixture.depth(), intrinsics: Fixture.camera())),
            ("gc.jpg", try DynamicDepthJPEGWriter.encode(photo: Fixture.photo(), depth: Fixture.depth(), intrinsics: Fixture.camera(),
                                                         options: gcontainer)),
        ]
    }

    @Test("cut at random places and with bytes overwritten at others, each file either reads or throws an ImagingError naming it")
    func damaged() throws {
        // PHONE_FUZZ_ROUNDS and PHONE_FUZZ_SEED run a longer search by hand; the default keeps the suite quick.
        let environment = ProcessInfo.processInfo.environment
        let rounds = max(300, Int(environment["PHONE_FUZZ_ROUNDS"] ?? "") ?? 500)
        var seed: UInt64 = UInt64(environment["PHONE_FUZZ_SEED"] ?? "") ?? 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        for (name, bytes) in try Self.files() {
            var read = 0, refused = 0
            for k in 0..<rounds {
                var damaged = bytes
                if k < rounds * 2 / 5 {
                    damaged = Array(bytes.prefix(next(bytes.count)))
                } else {
                    // Mostly in the headers and metadata, where the readers parse by hand.
                    let at = next(min(bytes.count, k % 2 == 0 ? 4096 : bytes.count))
                    for i in at..<min(bytes.count, at + 1 + next(8)) { damaged[i] = UInt8(truncatingIfNeeded: next(256)) }
                }
                do {
                    let photo = try PhonePhotoReader.read(bytes: damaged, name: name)
                    #expect(photo.raster.width > 0)
                    read += 1
                } catch {
                    #expect(error.file == name)
                    refused += 1
                }
            }
            #expect(read + refused == rounds)
        }
    }
}
