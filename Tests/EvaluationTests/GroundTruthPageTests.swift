import Foundation
import Testing
@testable import Evaluation

@Suite struct GroundTruthPageTests {
    /// `corners3D` is optional: files without it (hand-written truth) still load, and files with it keep it.
    @Test func corners3DIsOptionalAndRoundTrips() throws {
        let old = #"{"kind": "receipt", "lines": ["A"], "page": {"shape": "flat", "corners": [[0, 0], [10, 0], [10, 20], [0, 20]]}}"#
        let decoded = try JSONDecoder().decode(GroundTruth.self, from: Data(old.utf8))
        #expect(decoded.page?.corners3D == nil)
        #expect(decoded.page?.corners?.count == 4)
        var truth = decoded
        truth.page?.corners3D = [[-1, -2, 300], [1, -2, 300], [1, 2, 301], [-1, 2, 301]]
        let again = try JSONDecoder().decode(GroundTruth.self, from: JSONEncoder().encode(truth))
        #expect(again == truth)
        #expect(again.page?.corners3D?[2] == [1, 2, 301])
    }
}
