import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A lock that readers take without touching each other's cache lines.
///
/// The lock is a row of one-word spin locks, each on its own cache line. A reader locks only one
/// stripe; a writer locks every stripe, in order. Writes (registration, caching a new singleton,
/// release) are rare next to reads and pay for this with one lock per stripe.
///
/// A reader takes the stripe its thread was assigned, round-robin, on its first resolve, so the
/// first `stripeCount` threads of a process never share one. The choice affects only contention,
/// never correctness. Finding the thread's stripe is one load from C thread-local storage.
///
/// A stripe is a word rather than a pthread mutex because a read then costs one atomic exchange
/// and one plain store, where a mutex costs two atomic read-modify-writes and two calls into the C
/// library: about a fifth of a cached resolve. Spinning is safe here because no lock is ever held
/// while user code runs: every critical section is a handful of loads and stores, or (for a
/// writer) a table update. A waiter that spins for long yields its processor, then sleeps, so a
/// preempted holder is never starved.
///
/// A thread never takes a second stripe of the same lock while it holds one, so the lock cannot
/// deadlock. The thread sanitizer sees the exchange (acquiring) and the store (releasing), so it
/// checks every access made under the lock.
///
/// It is a non-copyable struct rather than a class so that its owner holds it inline: reaching a
/// lock object through its owner would cost the hot path a retain and a release of the lock.
struct ReadMostlyLock: ~Copyable, @unchecked Sendable {
    // Safety: `stripes` points to `stripeCount` initialised atomic words, one per cache line, that
    // live exactly as long as `self` (which cannot be copied); every access to them is atomic.

    private static let cacheLine = 128
    private let stripes: UnsafeMutableRawPointer
    private let mask: Int

    /// The number of stripes: the processor count rounded up to a power of two, from 2 to 16.
    static let stripeCount: Int = {
        var count = 2
        let processors = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        while count < min(processors, 16) { count *= 2 }
        return count
    }()

    init() {
        let count = Self.stripeCount
        mask = count - 1
        stripes = UnsafeMutableRawPointer.allocate(byteCount: count * Self.cacheLine, alignment: Self.cacheLine)
        for stripe in 0..<count {
            (stripes + stripe * Self.cacheLine).bindMemory(to: Atomic<Int>.self, capacity: 1).initialize(to: Atomic(0))
        }
    }

    deinit {
        for stripe in 0...mask {
            word(stripe).deinitialize(count: 1)
        }
        stripes.deallocate()
    }

    /// One stripe's word, as ``lockRead()`` hands it out for ``unlockRead(_:)``.
    typealias Stripe = UnsafeMutablePointer<Atomic<Int>>

    @inline(__always)
    private func word(_ stripe: Int) -> Stripe {
        (stripes + stripe &* Self.cacheLine).assumingMemoryBound(to: Atomic<Int>.self)
    }

    /// Takes the calling thread's stripe and returns it, for ``unlockRead(_:)``.
    ///
    /// ``RegistrationTable`` wraps the pair in its read views; nothing else takes a stripe.
    @inline(__always)
    func lockRead() -> Stripe {
        let stripe = word(ThreadStripe.current & mask)
        if stripe.pointee.exchange(1, ordering: .acquiring) != 0 {
            Self.wait(for: stripe)
        }
        return stripe
    }

    /// Gives back a stripe taken with ``lockRead()``.
    @inline(__always)
    func unlockRead(_ stripe: Stripe) {
        assert(stripe.pointee.load(ordering: .relaxed) == 1, "unlocking a stripe that is not held")
        stripe.pointee.store(0, ordering: .releasing)
    }

    /// Runs `body` while holding every stripe, so no reader can run at the same time.
    func withWriteLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        for stripe in 0...mask {
            let word = word(stripe)
            if word.pointee.exchange(1, ordering: .acquiring) != 0 {
                Self.wait(for: word)
            }
        }
        defer {
            for stripe in (0...mask).reversed() {
                assert(word(stripe).pointee.load(ordering: .relaxed) == 1, "a writer's stripe was released under it")
                word(stripe).pointee.store(0, ordering: .releasing)
            }
        }
        return try body()
    }

    /// Takes a stripe another thread holds: spins briefly (holders keep a stripe for nanoseconds),
    /// then yields the processor, then sleeps, so that a holder preempted mid-section gets to run.
    @inline(never)
    private static func wait(for stripe: Stripe) {
        // Read before writing, so waiters share the line instead of bouncing it.
        SpinWait.until {
            stripe.pointee.load(ordering: .relaxed) == 0 && stripe.pointee.exchange(1, ordering: .acquiring) == 0
        }
    }
}
