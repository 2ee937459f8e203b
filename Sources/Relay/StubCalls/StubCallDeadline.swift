/// Waits for an answer for at most a time limit, whether or not the answering code ever returns.
///
/// A task group would wait for its children, and a closure in the test that never returns (or a
/// test process that stopped reading) would hang the program's call with it: instead the answer
/// and the timer race to resume one continuation, and the loser's result is dropped.
package enum StubCallDeadline {
    /// `answerer`'s answer to `call`, or ``StubCallError/Code-swift.enum/timedOut`` after its time
    /// limit, or `CancellationError` when the calling task is cancelled first.
    package static func answer(_ call: StubCall, by answerer: any StubCallAnswering) async throws -> String {
        let limit = answerer.timeLimit
        let race = Race()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<String, any Error>) in
                race.start(continuation)
                let work = Task {
                    do {
                        race.finish(.success(try await answerer.answer(call)))
                    } catch {
                        race.finish(.failure(error))
                    }
                }
                let timer = Task {
                    // Cancelled when the answer comes first.
                    try await Task.sleep(for: limit)
                    race.finish(.failure(StubCallError(.timedOut, call: call, detail: "\(limit)")))
                }
                // Whoever wins, the other stops: the answering code is told it is no longer awaited.
                race.onFinish {
                    timer.cancel()
                    work.cancel()
                }
            }
        } onCancel: {
            race.finish(.failure(CancellationError()))
        }
    }

    /// One continuation, resumed by the first result; what comes later is dropped.
    private final class Race: Sendable {
        private struct State {
            var continuation: CheckedContinuation<String, any Error>?
            /// A result that came before the continuation was handed over (a cancellation).
            var early: Result<String, any Error>?
            var finished = false
            var whenFinished: (@Sendable () -> Void)?
        }

        // LockedValue, not Mutex: the thread sanitizer sees its pthread mutex.
        private let state = LockedValue(State())

        func start(_ continuation: CheckedContinuation<String, any Error>) {
            let early = state.withLockedValue { state -> Result<String, any Error>? in
                guard let early = state.early else {
                    state.continuation = continuation
                    return nil
                }
                return early
            }
            if let early { continuation.resume(with: early) }
        }

        func finish(_ result: Result<String, any Error>) {
            let (continuation, whenFinished) = state.withLockedValue {
                state -> (CheckedContinuation<String, any Error>?, (@Sendable () -> Void)?) in
                guard !state.finished else { return (nil, nil) }
                state.finished = true
                guard let continuation = state.continuation else {
                    state.early = result
                    return (nil, nil)
                }
                state.continuation = nil
                defer { state.whenFinished = nil }
                return (continuation, state.whenFinished)
            }
            continuation?.resume(with: result)
            whenFinished?()
        }

        /// Runs `body` when a result comes, or at once if one came already.
        func onFinish(_ body: @escaping @Sendable () -> Void) {
            let finished = state.withLockedValue { state in
                if !state.finished { state.whenFinished = body }
                return state.finished
            }
            if finished { body() }
        }
    }
}
