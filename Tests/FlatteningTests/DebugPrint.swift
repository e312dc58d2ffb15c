import Testing
@testable import Flattening

@Test func debugPrintSteps() throws {
    var scene = SyntheticScene()
    scene.tableGap = 0.2
    switch DepthFlattener().flatten(scene.input) {
    case .success(let f): print(f.page.report.steps.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: "\n"))
        print(scene.cornersInPhoto)
    case .failure(let u): print(u.reason, u.steps)
    }
}
