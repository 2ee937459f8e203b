import Dispatch

/// Awaits work that honours cancellation, as a network call or a flush to disk does, without taking
/// any time of its own: it suspends until another thread answers, and throws `CancellationError`
/// instead when the calling task is cancelled before or while it waits. A teardown that awaits it
/// fails to finish if cancellation ever reaches it.
///
/// ```swift
/// container.register(Connection.self, lifecycle: .unitOfWork) { _ in Connection() } teardown: { _ in
///     try await cancellableWork()
///     log.append("closed")
/// }
/// ```
///
/// - Throws: `CancellationError` when the calling task is cancelled first.
public func cancellableWork() async throws {
    let waiter = Locked<CheckedContinuation<Void, any Error>?>(nil)
    let answer: @Sendable (Result<Void, any Error>) -> Void = { result in
        waiter.withLock { $0.take() }?.resume(with: result)
    }
    try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            waiter.withLock { $0 = continuation }
            // Cancelled before the continuation was stored: the handler found nothing to resume.
            if Task.isCancelled { answer(.failure(CancellationError())) }
            DispatchQueue.global().async { answer(.success(())) }
        }
    } onCancel: {
        answer(.failure(CancellationError()))
    }
}
