/// Waits for an answer for at most a time limit, whether or not the answering code ever returns.
///
/// A task group would wait for its children, and a closure in the test that never returns (or a
/// test process that stopped reading) would hang the program's call with it: instead the answer
/// and the timer race to *settle* the call, the first one wins, and the loser is cancelled and its
/// result dropped. The caller waits for the settled result, or stops waiting when its task is
/// cancelled; the race goes on without it, so a call is always settled by its time limit.
package enum StubCallDeadline {
    /// `answerer`'s answer to `call`, or ``StubCallError/Code-swift.enum/timedOut`` after its time
    /// limit, or `CancellationError` when the calling task is cancelled first. An answerer that
    /// keeps the limit itself (``StubCallDeadlineKeeping``) is asked directly.
    package static func answer(_ call: StubCall, by answerer: any StubCallAnswering) async throws -> String {
        if answerer is any StubCallDeadlineKeeping { return try await answerer.answer(call) }
        return try await answer(call, within: answerer.timeLimit) { try await answerer.answer(call) }
    }

    /// `answering`'s answer to `call`, or ``StubCallError/Code-swift.enum/timedOut`` after `limit`,
    /// or `CancellationError` when the calling task is cancelled first.
    ///
    /// - Parameters:
    ///   - call: The call, for the time limit's error.
    ///   - limit: How long `answering` may take.
    ///   - answering: Makes the answer; cancelled when the limit passes first, or when the caller
    ///     is cancelled (it is then still settled by its limit at the latest).
    ///   - settled: Told, exactly once and before the caller, the first of `answering`'s result and
    ///     the time limit's error: by the limit at the latest, whatever `answering` does, and
    ///     whether or not the caller still waits.
    package static func answer(
        _ call: StubCall,
        within limit: Duration,
        by answering: @escaping @Sendable () async throws -> String,
        settled: @escaping @Sendable (Result<String, any Error>) -> Void = { _ in }
    ) async throws -> String {
        let caller = Caller()
        let race = Race { result in
            settled(result)
            caller.resume(with: result)
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<String, any Error>) in
                caller.start(continuation)
                race.run(call, within: limit, by: answering)
            }
        } onCancel: {
            // The answering code is told; the race goes on to settle.
            race.cancelWork()
            caller.resume(with: .failure(CancellationError()))
        }
    }

    /// Starts the race between `answering` and `limit`, and returns at once: `settled` is told
    /// the first of `answering`'s result and the time limit's error, exactly once, from the task
    /// that settles it; the loser is cancelled. For a caller that is no task (a thread that hands
    /// the answer on), so that no task waits for the race.
    ///
    /// - Parameters:
    ///   - call: The call, for the time limit's error.
    ///   - limit: How long `answering` may take.
    ///   - answering: Makes the answer; cancelled when the limit passes first.
    ///   - executor: Where `answering`'s task prefers to run (the thread that starts it, say);
    ///     `nil` for the global executor.
    ///   - settled: Told the outcome, by the limit at the latest, whatever `answering` does.
    package static func start(
        _ call: StubCall,
        within limit: Duration,
        by answering: @escaping @Sendable () async throws -> String,
        on executor: (any TaskExecutor)? = nil,
        settled: @escaping @Sendable (Result<String, any Error>) -> Void
    ) {
        Race(settled: settled).run(call, within: limit, by: answering, on: executor)
    }

    /// One call's race: settled once, by the answer or the time limit.
    private final class Race: Sendable {
        private struct State {
            var settled = false
            /// Whether the answering code was cancelled before its task was held.
            var workCancelled = false
            /// The two contenders, until the race is settled: the answering code's task, and the
            /// time limit's timer.
            var work: Task<Void, Never>?
            var timer: UInt64?
        }

        private let settled: @Sendable (Result<String, any Error>) -> Void

        // LockedValue, not Mutex: the thread sanitizer sees its pthread mutex.
        private let state = LockedValue(State())

        init(settled: @escaping @Sendable (Result<String, any Error>) -> Void) {
            self.settled = settled
        }

        /// Starts the contenders: `answering`, in a task preferring `executor`, and a timer of `limit`.
        func run(
            _ call: StubCall, within limit: Duration, by answering: @escaping @Sendable () async throws -> String,
            on executor: (any TaskExecutor)? = nil
        ) {
            let work = Task(executorPreference: executor) { [self] in
                do {
                    settle(.success(try await answering()))
                } catch {
                    settle(.failure(error))
                }
            }
            // Cancelled when the answer comes first.
            let timer = StubCallTimers.shared.schedule(after: limit) { [self] in
                settle(.failure(StubCallError(.timedOut, call: call, detail: "\(limit)")))
            }
            hold(work: work, timer: timer)
        }

        /// Keeps the contenders, to cancel the loser; cancels what is no longer awaited already.
        private func hold(work: Task<Void, Never>, timer: UInt64) {
            let (isSettled, workCancelled) = state.withLockedValue { state in
                if !state.settled {
                    state.work = work
                    state.timer = timer
                }
                return (state.settled, state.workCancelled)
            }
            if isSettled {
                work.cancel()
                StubCallTimers.shared.cancel(timer)
            } else if workCancelled {
                work.cancel()
            }
        }

        /// The first result settles the call: it is told, and the other contender is cancelled.
        /// Later results are dropped.
        private func settle(_ result: Result<String, any Error>) {
            let contenders = state.withLockedValue { state -> (Task<Void, Never>?, UInt64?)? in
                guard !state.settled else { return nil }
                state.settled = true
                defer {
                    state.work = nil
                    state.timer = nil
                }
                return (state.work, state.timer)
            }
            guard let (work, timer) = contenders else { return }
            settled(result)
            // The answering code is told it is no longer awaited; the timer stops.
            work?.cancel()
            if let timer { StubCallTimers.shared.cancel(timer) }
        }

        /// Tells the answering code it is no longer awaited; the race goes on to settle.
        func cancelWork() {
            let work = state.withLockedValue { state in
                state.workCancelled = true
                return state.work
            }
            work?.cancel()
        }
    }

    /// The task waiting for a race: resumed once, by the settled result or its own cancellation,
    /// whichever comes first, even before its continuation is handed over.
    private final class Caller: Sendable {
        private struct State {
            var continuation: CheckedContinuation<String, any Error>?
            /// The result, when it came before the continuation was handed over.
            var early: Result<String, any Error>?
            var isResumed = false
        }

        private let state = LockedValue(State())

        func start(_ continuation: CheckedContinuation<String, any Error>) {
            let early = state.withLockedValue { state -> Result<String, any Error>? in
                guard let early = state.early else {
                    state.continuation = continuation
                    return nil
                }
                state.early = nil
                return early
            }
            if let early { continuation.resume(with: early) }
        }

        func resume(with result: Result<String, any Error>) {
            let continuation = state.withLockedValue { state -> CheckedContinuation<String, any Error>? in
                guard !state.isResumed else { return nil }
                state.isResumed = true
                guard let continuation = state.continuation else {
                    state.early = result
                    return nil
                }
                state.continuation = nil
                return continuation
            }
            continuation?.resume(with: result)
        }
    }
}

/// An answerer that keeps its calls' time limit itself, and says how each call ended at its limit
/// whatever its answering code does (RelayTesting's `StubAnswers`, whose journal records it): the
/// deadline then asks it directly instead of racing it a second time, which could cut it short
/// before it has recorded the call.
package protocol StubCallDeadlineKeeping: StubCallAnswering {}
