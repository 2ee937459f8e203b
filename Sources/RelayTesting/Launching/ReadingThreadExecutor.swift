import Relay

/// Runs the start of the tasks a channel's reading thread starts on that thread itself, so that
/// answering a stub's call wakes no other thread: the closure, its answer and the reply's write
/// run where the call was read, and only what the task does after it first suspends goes to
/// Swift's global executor.
///
/// Why: each thread wake costs tens of microseconds on a small machine, and a stub call's round
/// trip was four of them; this makes it three. The reading thread only runs what it started
/// itself, within ``run(_:)``: a job that comes while it is not inside one (a task resumed by
/// another thread) goes to the global executor as any other task's would.
///
/// What it costs: while a closure runs on the reading thread, that program's other calls wait to
/// be read (a closure that blocks its thread blocks them; one that awaits does not).
///
/// <!-- snippet: fragment: internal; the channel's reading thread is its one caller -->
/// ```swift
/// executor.run {
///     answers.answer(call, on: executor) { result in reply(result) }
/// }
/// ```
final class ReadingThreadExecutor: TaskExecutor {
    private struct State {
        /// Whether the reading thread is inside ``run(_:)``: jobs are then its to run.
        var isRunning = false
        var jobs: [UnownedJob] = []
    }

    private let state = LockedValue(State())

    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        let isTaken = state.withLockedValue { state in
            guard state.isRunning else { return false }
            state.jobs.append(unowned)
            return true
        }
        guard !isTaken else { return }
        globalConcurrentExecutor.enqueue(ExecutorJob(unowned))
    }

    /// Calls `start`, then runs the jobs enqueued meanwhile (the tasks it started, up to their
    /// first suspension, and what they enqueue before returning), on the calling thread.
    func run(_ start: () -> Void) {
        state.withLockedValue { $0.isRunning = true }
        start()
        while let job = nextJob() {
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }

    /// The next job to run; `nil`, and the thread no longer runs jobs, when none waits.
    private func nextJob() -> UnownedJob? {
        state.withLockedValue { state in
            guard !state.jobs.isEmpty else {
                state.isRunning = false
                return nil
            }
            return state.jobs.removeFirst()
        }
    }
}
