import Foundation

/// A value behind an `NSLock`, for collecting results from test threads.
///
/// (`Synchronization.Mutex` locks inside the uninstrumented standard library, so the thread
/// sanitizer cannot see it.)
///
/// ```swift
/// let seen = Locked<[Int]>([])
/// _ = concurrently(threads: 4) { index in seen.withLock { $0.append(index) } }
/// ```
public final class Locked<Value>: @unchecked Sendable {
    // Safety: `value` is read and written only while `lock` is held.
    private let lock = NSLock()
    private var value: Value

    /// Locks up `value`.
    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value while holding the lock, and returns what it returns.
    ///
    /// - Parameter body: Reads or changes the value; it must not call `withLock` again.
    public func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
