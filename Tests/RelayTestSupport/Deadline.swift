import Dispatch
import Foundation

/// The async work of a test did not finish in time: a hang, in these tests.
public struct DeadlineExceeded: Error, CustomStringConvertible {
    /// How long the work was given.
    public let seconds: Double

    /// Says that the work did not finish, and within how long.
    public var description: String { "the work did not finish within \(seconds) s (a hang?)" }
}

/// Runs `work` and returns what it returns, or throws ``DeadlineExceeded`` when it has not finished
/// after `seconds`, so that a regression that hangs fails instead of stopping the test run.
///
/// The work runs in a high-priority task and the waiting happens on a plain thread: this machine's
/// cooperative pool has two threads, and neither the work nor the clock may queue behind other
/// suites' tasks (see TOOLCHAIN.md). The task is unstructured but not detached, so it inherits the
/// test's task-local context: an expectation that fails inside `work` is reported against its
/// test, not as an issue of an unknown test.
///
/// ```swift
/// try await withDeadline {
///     #expect(try await container.resolve(Database.self).isOpen)
/// }
/// ```
///
/// - Parameters:
///   - seconds: How long the work may take.
///   - work: The work; it is cancelled when the deadline passes.
/// - Returns: What `work` returned.
/// - Throws: ``DeadlineExceeded`` when the deadline passed, or what `work` threw.
public func withDeadline<Result: Sendable>(
    seconds: Double = 20,
    _ work: @escaping @Sendable () async throws -> Result
) async throws -> Result {
    let task = Task(priority: .high) { try await work() }
    let finished: Bool = await withCheckedContinuation { continuation in
        Thread.detachNewThread {
            let done = DispatchSemaphore(value: 0)
            Task.detached(priority: .high) {
                _ = await task.result
                done.signal()
            }
            continuation.resume(returning: done.wait(timeout: .now() + seconds) == .success)
        }
    }
    guard finished else {
        task.cancel()
        throw DeadlineExceeded(seconds: seconds)
    }
    return try await task.value
}
