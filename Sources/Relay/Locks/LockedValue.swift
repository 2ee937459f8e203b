/// A value that can be reached only while its lock is held: the one shape of shared mutable state
/// in the package outside the registration tables and the construction registry (RelayTesting
/// uses it too).
///
/// ```swift
/// let scopes = LockedValue<[DependencyContainerScope: ScopeSlot]>([:])
/// let names = scopes.withLockedValue { $0.keys.sorted { $0.tag < $1.tag } }
/// ```
///
/// It is `Sendable` only where its value is, so it cannot smuggle a non-`Sendable` value between
/// threads. The lock is a pthread mutex (see ``PthreadMutex``), which the thread sanitizer sees.
/// Never call user code (a factory, a teardown, an observer) inside `withLockedValue`: copy what
/// it needs out, unlock, then call it.
package struct LockedValue<Value> {
    private final class Storage {
        let mutex = PthreadMutex()
        var value: Value

        init(_ value: Value) {
            self.value = value
        }
    }

    private let storage: Storage

    /// Creates a lock around a value.
    ///
    /// - Parameter value: The value's first state.
    package init(_ value: Value) {
        storage = Storage(value)
    }

    /// Runs `body` with the value, while holding the lock.
    ///
    /// - Parameter body: Reads or changes the value; it must not call back into code that may take
    ///   this lock again.
    /// - Returns: What `body` returns.
    @inline(__always)
    package func withLockedValue<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let storage = self.storage
        return try storage.mutex.withLock { () throws(Failure) -> Result in try body(&storage.value) }
    }
}

// Safety: `storage.value` is read and written only inside `withLockedValue`, while `storage.mutex`
// is held, so no two threads touch it at once; and the conformance holds only where `Value` itself
// may cross threads.
extension LockedValue: @unchecked Sendable where Value: Sendable {}
