import Dispatch

/// Runs async work from a synchronous command and waits for it.
///
/// The CLI is synchronous at the top on purpose: an async `main` parks the main thread in
/// libdispatch's signal loop, which valgrind 3.19 cannot run, and leak checks under valgrind are
/// part of how we keep C resources honest. Worker concurrency inside is unaffected.
public func blocking<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task {
        do { box.result = .success(try await body()) } catch { box.result = .failure(error) }
        done.signal()
    }
    done.wait()
    guard let result = box.result else { fatalError("async work finished without a result") }
    return try result.get()
}

/// Written once by the task before the semaphore is signalled, read once after: the semaphore orders the accesses.
private final class ResultBox<T>: @unchecked Sendable {
    var result: Result<T, any Error>?
}
