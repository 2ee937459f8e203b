import CRelayThreadLocal
import Synchronization

/// The stripe of a ``ReadMostlyLock`` the calling thread reads through: assigned round-robin on
/// the thread's first read, so that the first threads of a process never share one, and kept in C
/// thread-local storage (one load relative to the thread pointer).
enum ThreadStripe {
    /// The calling thread's stripe (to be masked to a lock's stripe count).
    @inline(__always)
    static var current: Int {
        let stored = relay_current_stripe()
        if stored != 0 { return stored &- 1 }
        return assignCurrent()
    }

    /// Gives the calling thread the next stripe.
    @inline(never)
    private static func assignCurrent() -> Int {
        let stripe = next.add(1, ordering: .relaxed).oldValue
        relay_set_current_stripe(stripe &+ 1)
        return stripe
    }

    private static let next = Atomic<Int>(0)
}
