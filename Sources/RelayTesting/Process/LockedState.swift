import Foundation

/// A value behind a lock that the thread sanitizer can see.
///
/// Synchronization's `Mutex` locks with futexes on Linux, which the thread sanitizer does not
/// model: it reports every access made under such a lock as a race. RelayTesting's own tests run
/// under the sanitizer, so its shared state sits behind `NSLock` (a pthread mutex) instead.
final class LockedState<Value: Sendable>: @unchecked Sendable {
    // Safety: `value` is read and written only inside `withLock`, while `lock` is held, so no two
    // threads ever touch it at once; `Value: Sendable` lets what a body returns leave the lock.
    private let lock = NSLock()
    private var value: Value

    /// A value to guard.
    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, under the lock.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
