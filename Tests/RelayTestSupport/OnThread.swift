import Foundation

/// Runs `body` on a new plain thread and suspends until it returns, so that blocking work (a
/// semaphore, a synchronous resolve that waits) never holds a thread of the cooperative pool.
///
/// ```swift
/// let instance = await onThread { try? container.resolve(Store.self) }
/// ```
///
/// - Parameter body: The blocking work.
/// - Returns: What `body` returned.
public func onThread<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
    await withCheckedContinuation { continuation in
        Thread.detachNewThread { continuation.resume(returning: body()) }
    }
}
