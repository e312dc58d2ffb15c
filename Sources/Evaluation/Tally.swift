/// Right answers out of the answers checked; additive, so pages pool into jobs and corpora.
public struct Tally: Sendable, Equatable, Codable {
    public var correct: Int
    public var total: Int

    public init(correct: Int = 0, total: Int = 0) {
        self.correct = correct
        self.total = total
    }

    /// nil when nothing was checked.
    public var accuracy: Double? { total == 0 ? nil : Double(correct) / Double(total) }

    public mutating func record(_ right: Bool) {
        total += 1
        if right { correct += 1 }
    }

    public static func + (a: Tally, b: Tally) -> Tally { Tally(correct: a.correct + b.correct, total: a.total + b.total) }
}
