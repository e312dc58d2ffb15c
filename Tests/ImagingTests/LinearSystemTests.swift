import Imaging
import Testing

@Suite struct LinearSystemTests {
    @Test func solvesASystemThatNeedsItsRowsSwapped() throws {
        // The first pivot is zero: without swapping rows the elimination divides by it.
        let a: [[Double]] = [[0, 2, 1], [1, 1, 1], [2, 1, 3]]
        let truth = [1.0, -2.0, 3.0]
        let b = a.map { row in zip(row, truth).map { $0 * $1 }.reduce(0, +) }
        let x = try #require(LinearSystem.solve(a, b))
        for (found, want) in zip(x, truth) { #expect(abs(found - want) < 1e-12) }
        #expect(LinearSystem.solve(rowMajor: a.flatMap { $0 }, b) == x)
    }

    @Test func aSingularSystemHasNoSolution() {
        #expect(LinearSystem.solve([[1, 2], [2, 4]], [3, 6]) == nil)
        #expect(LinearSystem.solve(rowMajor: [1, 2, 3], [1, 2]) == nil, "a matrix of the wrong size")
    }
}
