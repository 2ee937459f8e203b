import Relay

/// A value behind a lock, for collecting results from test threads: the package's one locked-value
/// type (Relay's `LockedValue`, a pthread mutex the thread sanitizer sees), as a class that test
/// closures share.
///
/// ```swift
/// let seen = Locked<[Int]>([])
/// _ = concurrently(threads: 4) { index in seen.withLock { $0.append(index) } }
/// ```
public final class Locked<Value>: @unchecked Sendable {
    // Safety: the value is reached only through `LockedValue.withLockedValue`, under its lock. The
    // conformance is unchecked so that tests may collect values that are not `Sendable` (a test's
    // own fixtures), each read and written only under the lock.
    private let value: LockedValue<Value>

    /// Locks up `value`.
    public init(_ value: Value) {
        self.value = LockedValue(value)
    }

    /// Runs `body` with the value while holding the lock, and returns what it returns.
    ///
    /// - Parameter body: Reads or changes the value; it must not call `withLock` again.
    public func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        value.withLockedValue(body)
    }
}
