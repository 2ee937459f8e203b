import Dispatch
import Foundation

/// The async work of a test did not finish in time: a hang, in these tests.
struct DeadlineExceeded: Error, CustomStringConvertible {
    let seconds: Double
    var description: String { "the work did not finish within \(seconds) s (a hang?)" }
}

/// Runs `work` and returns what it returns, or throws ``DeadlineExceeded`` when it has not finished
/// after `seconds`, so that a regression that hangs fails instead of stopping the test run.
///
/// The work runs in a high-priority detached task and the waiting happens on a plain thread: this
/// machine's cooperative pool has two threads, and neither the work nor the clock may queue behind
/// other suites' tasks (see TOOLCHAIN.md).
func withDeadline<Result: Sendable>(
    seconds: Double = 20,
    _ work: @escaping @Sendable () async throws -> Result
) async throws -> Result {
    let task = Task.detached(priority: .high) { try await work() }
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

/// Suspends each task that arrives until `count` have arrived: proof that they ran at the same time.
actor Barrier {
    private let count: Int
    private var arrived = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(count: Int) {
        self.count = count
    }

    func arrive() async {
        arrived += 1
        if arrived >= count {
            let released = waiting
            waiting.removeAll()
            for continuation in released { continuation.resume() }
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }
}

/// A gate that suspends every task that waits at it until it opens.
actor Gate {
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiting.append($0) }
    }

    func open() {
        isOpen = true
        let released = waiting
        waiting.removeAll()
        for continuation in released { continuation.resume() }
    }
}
