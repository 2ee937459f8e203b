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
        let race = Race(settled: settled)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<String, any Error>) in
                race.start(continuation)
                let work = Task {
                    do {
                        race.settle(.success(try await answering()))
                    } catch {
                        race.settle(.failure(error))
                    }
                }
                let timer = Task {
                    // Cancelled when the answer comes first.
                    guard (try? await Task.sleep(for: limit)) != nil else { return }
                    race.settle(.failure(StubCallError(.timedOut, call: call, detail: "\(limit)")))
                }
                race.hold(work: work, timer: timer)
            }
        } onCancel: {
            race.cancelCaller()
        }
    }

    /// One call's race: settled once, by the answer or the time limit; its caller resumed once, by
    /// the settled result or its own cancellation.
    private final class Race: Sendable {
        private struct State {
            var continuation: CheckedContinuation<String, any Error>?
            /// The caller's result when it came before the continuation was handed over.
            var early: Result<String, any Error>?
            var callerResumed = false
            var callerCancelled = false
            var settled = false
            /// The two contenders, until the race is settled.
            var work: Task<Void, Never>?
            var timer: Task<Void, Never>?
        }

        private let settled: @Sendable (Result<String, any Error>) -> Void

        // LockedValue, not Mutex: the thread sanitizer sees its pthread mutex.
        private let state = LockedValue(State())

        init(settled: @escaping @Sendable (Result<String, any Error>) -> Void) {
            self.settled = settled
        }

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

        /// Keeps the contenders, to cancel the loser; cancels what is no longer awaited already.
        func hold(work: Task<Void, Never>, timer: Task<Void, Never>) {
            let (isSettled, callerCancelled) = state.withLockedValue { state in
                if !state.settled {
                    state.work = work
                    state.timer = timer
                }
                return (state.settled, state.callerCancelled)
            }
            if isSettled {
                work.cancel()
                timer.cancel()
            } else if callerCancelled {
                work.cancel()
            }
        }

        /// The first result settles the call: it is told, then the caller gets it if it still
        /// waits, and the other contender is cancelled. Later results are dropped.
        func settle(_ result: Result<String, any Error>) {
            let contenders = state.withLockedValue { state -> (Task<Void, Never>?, Task<Void, Never>?)? in
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
            resumeCaller(with: result)
            // The answering code is told it is no longer awaited; the timer stops.
            work?.cancel()
            timer?.cancel()
        }

        /// The caller stops waiting; the answering code is told, and the race goes on to settle.
        func cancelCaller() {
            let work = state.withLockedValue { state in
                state.callerCancelled = true
                return state.work
            }
            work?.cancel()
            resumeCaller(with: .failure(CancellationError()))
        }

        private func resumeCaller(with result: Result<String, any Error>) {
            let continuation = state.withLockedValue { state -> CheckedContinuation<String, any Error>? in
                guard !state.callerResumed else { return nil }
                state.callerResumed = true
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
