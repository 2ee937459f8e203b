#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A pthread mutex on the heap, whose `withLock` returns values of any type.
///
/// `Synchronization.Mutex` hands results out as `sending`, which a non-`Sendable` instance read
/// from shared storage cannot be; the callers of this lock own that storage and prove its safety
/// where they declare it. A pthread mutex is also one the thread sanitizer understands, so the
/// concurrency tests run clean under it.
final class PthreadMutex: @unchecked Sendable {
    // Safety: `mutex` is an initialised pthread mutex owned by `self` for its whole lifetime;
    // pthread mutexes are made for use from many threads at once.

    /// The mutex itself; ``PthreadCondition`` waits on it, nothing else touches it.
    let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// Creates a mutex. It is not recursive: nothing in Relay locks again what it holds, and no
    /// lock is held while user code (which could come back) runs.
    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        var attributes = pthread_mutexattr_t()
        // These fail only for invalid arguments or exhausted memory: a broken process, not input.
        var result = pthread_mutexattr_init(&attributes)
        precondition(result == 0, "pthread_mutexattr_init failed: \(result)")
        result = pthread_mutex_init(mutex, &attributes)
        precondition(result == 0, "pthread_mutex_init failed: \(result)")
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        let result = pthread_mutex_destroy(mutex)
        assert(result == 0, "pthread_mutex_destroy failed (still locked?): \(result)")
        mutex.deallocate()
    }

    /// Runs `body` while this thread holds the mutex.
    @inline(__always)
    func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        let locked = pthread_mutex_lock(mutex)
        // EDEADLK (a non-recursive mutex locked again by its holder) or EINVAL: a bug in Relay.
        precondition(locked == 0, "pthread_mutex_lock failed: \(locked)")
        defer {
            let unlocked = pthread_mutex_unlock(mutex)
            assert(unlocked == 0, "pthread_mutex_unlock failed: \(unlocked)")
        }
        return try body()
    }
}
