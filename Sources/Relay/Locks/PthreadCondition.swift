#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A pthread condition variable, waited on with a ``PthreadMutex`` held: for a thread that must
/// block until another thread changes state the mutex guards.
///
/// Waits are bounded: every wait names a deadline on the monotonic clock, so a wait that could
/// never end (a deadlock in user code Relay cannot see) ends anyway.
final class PthreadCondition: @unchecked Sendable {
    // Safety: `condition` is an initialised pthread condition owned by `self` for its whole
    // lifetime; pthread conditions are made for use from many threads at once.

    private let condition: UnsafeMutablePointer<pthread_cond_t>

    init() {
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        #if canImport(Darwin)
        let result = pthread_cond_init(condition, nil)
        #else
        // Deadlines on the monotonic clock, so that setting the wall clock moves no wait.
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        let result = pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
        #endif
        precondition(result == 0, "pthread_cond_init failed: \(result)")
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
    }

    /// Releases `mutex`, which the calling thread holds (inside `mutex.withLock`), until another
    /// thread broadcasts or `deadline` passes, then takes it again.
    ///
    /// A waiter can wake without a broadcast: callers re-check their state in a loop.
    ///
    /// - Parameters:
    ///   - mutex: The mutex guarding the state the caller waits on; held by the caller.
    ///   - deadline: When to stop waiting, as ``PthreadCondition/deadline(after:)`` makes it.
    /// - Returns: `false` when the deadline passed.
    func wait(releasing mutex: PthreadMutex, until deadline: Deadline) -> Bool {
        #if canImport(Darwin)
        let now = Self.monotonicNanoseconds()
        guard deadline.nanoseconds > now else { return false }
        let remaining = deadline.nanoseconds - now
        var relative = timespec(tv_sec: Int(remaining / 1_000_000_000), tv_nsec: Int(remaining % 1_000_000_000))
        let result = pthread_cond_timedwait_relative_np(condition, mutex.mutex, &relative)
        #else
        var absolute = timespec(
            tv_sec: Int(deadline.nanoseconds / 1_000_000_000), tv_nsec: Int(deadline.nanoseconds % 1_000_000_000))
        let result = pthread_cond_timedwait(condition, mutex.mutex, &absolute)
        #endif
        precondition(result == 0 || result == ETIMEDOUT, "pthread_cond_timedwait failed: \(result)")
        return result == 0
    }

    /// Wakes every thread waiting on this condition. Call with the mutex held, after changing state.
    func broadcast() {
        let result = pthread_cond_broadcast(condition)
        assert(result == 0, "pthread_cond_broadcast failed: \(result)")
    }

    /// A point on the monotonic clock, in nanoseconds.
    struct Deadline {
        let nanoseconds: UInt64
    }

    /// The deadline `duration` from now.
    static func deadline(after duration: Duration) -> Deadline {
        Deadline(nanoseconds: monotonicNanoseconds() &+ nanoseconds(duration))
    }

    /// `duration` in whole nanoseconds; 0 for a negative one.
    static func nanoseconds(_ duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        return UInt64(max(0, seconds)) &* 1_000_000_000 &+ UInt64(max(0, attoseconds / 1_000_000_000))
    }

    /// Now, on the clock deadlines are on.
    static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
    }
}
