import Synchronization

/// A lock of one atomic word, stored inline in its owner: for state that is held for a few
/// instructions at a time and read on a hot path, where a ``LockedValue`` would cost three
/// allocations to make and a call into the C library per use.
///
/// A waiter spins, then yields, then sleeps (``SpinWait``), as ``ReadMostlyLock``'s do: hold it only to read or
/// write a few fields, never while user code (a factory, a teardown, a deinit) runs. Built on
/// `Synchronization.Atomic` with acquiring and releasing orderings, which the thread sanitizer
/// models (it is `Mutex`'s futex that it does not).
///
/// ```swift
/// let lock = SpinLock()
/// let count = lock.withLock { counter += 1; return counter }
/// ```
struct SpinLock: ~Copyable, Sendable {
    private let word = Atomic<Int>(0)

    init() {}

    /// Runs `body` while this thread holds the lock.
    @inline(__always)
    func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        lock()
        defer { unlock() }
        return try body()
    }

    /// Takes the lock; pair with ``unlock()``. For a caller that copies a value out of guarded
    /// storage straight into its own return value.
    @inline(__always)
    func lock() {
        if word.exchange(1, ordering: .acquiring) != 0 {
            wait()
        }
    }

    /// Gives the lock back.
    @inline(__always)
    func unlock() {
        assert(word.load(ordering: .relaxed) == 1, "unlocking a spin lock that is not held")
        word.store(0, ordering: .releasing)
    }

    @inline(never)
    private func wait() {
        // Read before writing, so waiters share the line instead of bouncing it.
        SpinWait.until { word.load(ordering: .relaxed) == 0 && word.exchange(1, ordering: .acquiring) == 0 }
    }
}
