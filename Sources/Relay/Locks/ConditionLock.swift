/// A lock with a condition to wait on: the shape for state that threads block on until another
/// thread changes it (a build that ends).
///
/// ```swift
/// let lock = ConditionLock()
/// lock.withLock {
///     while !isDone {
///         guard lock.wait(until: PthreadCondition.deadline(after: .seconds(1))) else { break }
///     }
/// }
/// ```
///
/// The state it guards lives with its owner; everything that reads or writes that state does so
/// inside ``withLock(_:)``. Never call user code inside it.
final class ConditionLock: Sendable {
    private let mutex = PthreadMutex()
    private let condition = PthreadCondition()

    /// Runs `body` while holding the lock.
    @inline(__always)
    func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        try mutex.withLock(body)
    }

    /// Releases the lock, which the caller holds (inside ``withLock(_:)``), until another thread
    /// calls ``broadcast()`` or `deadline` passes, then takes it again. A waiter can wake without a
    /// broadcast: re-check the state in a loop.
    ///
    /// - Returns: `false` when the deadline passed.
    func wait(until deadline: PthreadCondition.Deadline) -> Bool {
        condition.wait(releasing: mutex, until: deadline)
    }

    /// Wakes every waiting thread. Call inside ``withLock(_:)``, after changing the state.
    func broadcast() {
        condition.broadcast()
    }
}
