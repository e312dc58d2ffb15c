import Foundation
import Jobs
import Synchronization
import Testing

/// Niceness and I/O priority are per thread on Linux: each check runs on a thread of its own, so
/// the test process and the tests beside it keep theirs.
@Suite struct ProcessPriorityTests {
    /// Runs `body` on a new thread and returns what it returned.
    func onNewThread<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
        let result = Mutex<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let value = body()
            result.withLock { $0 = value }
            done.signal()
        }
        thread.start()
        done.wait()
        return result.withLock { $0! }
    }

    /// best-effort class (2) at level `level`.
    static func bestEffort(_ level: Int32) -> Int32 { 2 << 13 | level }

    @Test func applySetsTheCallingThreadsNicenessAndIOPriorityOnly() throws {
        let before = try ProcessPriority.current()
        // Raising the nice value and choosing a best-effort level are allowed to anyone.
        let target = ProcessPriority(nice: min(before.nice + 3, 19), io: Self.bestEffort(6))
        let seen: Result<ProcessPriority, ProcessPriority.Failure> = onNewThread {
            Result { () throws(ProcessPriority.Failure) in
                try target.apply()
                return try ProcessPriority.current()
            }
        }
        #expect(try seen.get() == target)
        #expect(try ProcessPriority.current() == before, "another thread's priority changed this one's")
    }

    @Test func aWorkerTakesOnThePriorityItsEnvironmentNames() throws {
        let before = try ProcessPriority.current()
        let runner = ProcessPriority(nice: min(before.nice + 5, 19), io: Self.bestEffort(7))
        let environment = [ProcessPriority.variable: runner.environmentValue]
        let seen: ProcessPriority? = onNewThread {
            ProcessPriority.adoptFromRunner(environment: environment)
            return try? ProcessPriority.current()
        }
        #expect(seen == runner)
    }

    @Test func aWorkerWithoutTheVariableOrWithAGarbledOneKeepsItsPriority() throws {
        let before = try ProcessPriority.current()
        for environment in [[:], [ProcessPriority.variable: "ten"], [ProcessPriority.variable: "40 0"]] {
            let seen: ProcessPriority? = onNewThread {
                ProcessPriority.adoptFromRunner(environment: environment)
                return try? ProcessPriority.current()
            }
            #expect(seen == before, "\(environment)")
        }
    }

    @Test func theEnvironmentValueRoundTrips() {
        for priority in [ProcessPriority(nice: -2, io: 0), ProcessPriority(nice: 19, io: 3 << 13), ProcessPriority(nice: 10, io: Self.bestEffort(4))] {
            #expect(ProcessPriority(environmentValue: priority.environmentValue) == priority)
        }
        for garbled in ["", "10", "10 0 0", "x 0", "20 0", "-21 0", "0 -1"] {
            #expect(ProcessPriority(environmentValue: garbled) == nil, "\(garbled)")
        }
    }

    /// Class "none" takes no level when set (EINVAL otherwise), though older kernels report level 4.
    @Test func classNoneIsSetWithoutALevel() {
        #expect(ProcessPriority(nice: 0, io: 4).io == 0)
        #expect(ProcessPriority(nice: 0, io: Self.bestEffort(4)).io == Self.bestEffort(4))
    }

    @Test func describesPrioritiesAsIoniceNamesThem() {
        #expect(ProcessPriority(nice: 10, io: Self.bestEffort(7)).description == "nice 10, I/O best-effort/7")
        #expect(ProcessPriority(nice: 0, io: 3 << 13).description == "nice 0, I/O idle")
        #expect(ProcessPriority(nice: 0, io: 0).description == "nice 0, I/O none")
    }
}
