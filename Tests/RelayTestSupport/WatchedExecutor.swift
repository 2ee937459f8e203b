import Dispatch

/// A task executor with a serial queue of its own that tells when it has nothing left to run:
/// every task started on it has run until it suspended, or ended.
///
/// It shows what a sleep could only guess: that a task has reached a wait (for a build another
/// holds, for a teardown) and waits there by suspending. A task that blocked its thread instead
/// would keep the queue busy, and the executor would never be idle. Only a wait that something
/// outside holds (the test's semaphore or gate) keeps the tasks suspended once it is idle.
///
/// ```swift
/// let executor = WatchedExecutor()
/// let read = executor.task { try await lazy() }  // its build waits for `release`
/// await executor.untilIdle()                      // the read has suspended, waiting for the build
/// release.signal()
/// ```
public final class WatchedExecutor: TaskExecutor {
    private struct State {
        /// Jobs enqueued and not yet run to their end.
        var pending = 0
        var idleWaiters: [CheckedContinuation<Void, Never>] = []
    }

    private let queue: DispatchQueue
    private let state = Locked(State())

    /// An executor with a queue of its own, named `label`.
    public init(label: String = "WatchedExecutor") {
        queue = DispatchQueue(label: label)
    }

    /// Runs `job` on the executor's queue, after the jobs before it.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        state.withLock { $0.pending += 1 }
        queue.async {
            job.runSynchronously(on: self.asUnownedTaskExecutor())
            let idleWaiters = self.state.withLock { state in
                state.pending -= 1
                guard state.pending == 0 else { return [CheckedContinuation<Void, Never>]() }
                defer { state.idleWaiters.removeAll() }
                return state.idleWaiters
            }
            for waiter in idleWaiters { waiter.resume() }
        }
    }

    /// Starts `operation` in a task that runs on this executor, as do its child tasks.
    ///
    /// - Parameter operation: The task's work.
    /// - Returns: The task.
    public func task<Success: Sendable>(
        _ operation: @escaping @Sendable () async throws -> Success
    ) -> Task<Success, any Error> {
        Task(executorPreference: self) { try await operation() }
    }

    /// Suspends until nothing is queued or running on this executor; returns at once when nothing
    /// is. Call it after starting the tasks it should wait for: a task's first job is queued as the
    /// task starts.
    public func untilIdle() async {
        await withCheckedContinuation { continuation in
            let isIdle = state.withLock { state in
                if state.pending == 0 { return true }
                state.idleWaiters.append(continuation)
                return false
            }
            if isIdle { continuation.resume() }
        }
    }
}
