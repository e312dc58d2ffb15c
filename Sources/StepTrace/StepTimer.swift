/// Times consecutive steps on the wall clock: each lap records the time since the last one under
/// the step's name (`ms.NAME` in pages.json).
public struct StepTimer {
    private var last = ContinuousClock.now

    public init() {}

    public mutating func lap(_ name: StepName, into steps: inout StepLog) {
        let now = ContinuousClock.now
        steps.record(name, took: now - last)
        last = now
    }
}
