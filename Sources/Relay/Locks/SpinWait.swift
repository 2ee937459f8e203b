#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How the package's one-word locks wait when they find the word taken: spin, then yield the
/// thread, then sleep, trying again each time. Shared by ``SpinLock`` and ``ReadMostlyLock``'s
/// stripes, which hold their words for a few instructions only.
enum SpinWait {
    /// Calls `tryAcquire` until it returns `true`, backing off between attempts.
    ///
    /// - Parameter tryAcquire: One attempt to take the word; it should read before it writes, so
    ///   that waiters share the cache line instead of bouncing it.
    @inline(never)
    static func until(_ tryAcquire: () -> Bool) {
        var attempts = 0
        while !tryAcquire() {
            attempts += 1
            if attempts < 64 {
                continue
            } else if attempts < 1_024 {
                sched_yield()
            } else {
                usleep(50)
            }
        }
    }
}
