/// Suspends until the calling task is cancelled, then throws `CancellationError`: the body of work
/// that only cancellation ends (a server's run, a closure that never answers), with no timer that
/// would end it otherwise.
///
/// ```swift
/// let task = Task {
///     try await container.withUnitOfWork { unit in
///         _ = try await unit.resolve(Transaction.self)
///         try await untilCancelled()
///     }
/// }
/// task.cancel()
/// ```
///
/// - Throws: `CancellationError`, once the task is cancelled (at once, when it already is). It
///   never returns otherwise.
public func untilCancelled() async throws {
    let waiter = Locked<CheckedContinuation<Void, any Error>?>(nil)
    let cancel: @Sendable () -> Void = { waiter.withLock { $0.take() }?.resume(throwing: CancellationError()) }
    try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            waiter.withLock { $0 = continuation }
            // Cancelled before the continuation was stored: the handler found nothing to resume.
            if Task.isCancelled { cancel() }
        }
    } onCancel: {
        cancel()
    }
}
