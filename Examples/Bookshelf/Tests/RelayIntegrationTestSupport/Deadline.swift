import Synchronization

/// Runs `work`, and fails instead of waiting past `timeout`: for a step that hangs when the
/// behaviour under test regresses (a streamed body that never ends). `work` runs in a task of its
/// own, which is left behind when the time is up.
///
/// ```swift
/// let answer = try await withDeadline { try await app.sendRequest(.GET, "stream") }
/// ```
///
/// - Parameters:
///   - timeout: How long `work` may take; 20 seconds by default.
///   - work: The step.
/// - Returns: What `work` returned.
/// - Throws: What `work` threw, or ``DeadlineExceeded`` when it took longer than `timeout`.
public func withDeadline<Result: Sendable>(
    _ timeout: Duration = .seconds(20),
    _ work: @escaping @Sendable () async throws -> Result
) async throws -> Result {
    let waiting = Waiting<Result>()
    return try await withCheckedThrowingContinuation { continuation in
        waiting.set(continuation)
        let timer = Task {
            do {
                // Time is the subject: the deadline's own clock.
                try await Task.sleep(for: timeout)
            } catch {
                return  // `work` answered first.
            }
            waiting.take()?.resume(throwing: DeadlineExceeded(timeout: timeout))
        }
        Task {
            do {
                let result = try await work()
                waiting.take()?.resume(returning: result)
            } catch {
                waiting.take()?.resume(throwing: error)
            }
            timer.cancel()
        }
    }
}

/// A step took longer than its deadline.
public struct DeadlineExceeded: Error, CustomStringConvertible {
    /// The deadline.
    public let timeout: Duration

    /// What took too long.
    public var description: String { "the step did not finish within \(timeout)" }
}

/// The caller of ``withDeadline(_:_:)``, resumed once, by whichever of the work and the deadline
/// comes first.
private final class Waiting<Result: Sendable>: Sendable {
    private let continuation = Mutex<CheckedContinuation<Result, any Error>?>(nil)

    func set(_ waiting: CheckedContinuation<Result, any Error>) {
        continuation.withLock { $0 = waiting }
    }

    /// The caller, for the first to ask; `nil` after that.
    func take() -> CheckedContinuation<Result, any Error>? {
        continuation.withLock { continuation in
            defer { continuation = nil }
            return continuation
        }
    }
}
