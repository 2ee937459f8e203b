#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A lock that readers take without touching each other's cache lines.
///
/// The lock is a row of mutexes, each on its own cache line. A reader locks only the stripe of
/// its thread; a writer locks every stripe, in order. Two threads that resolve at the same time
/// therefore never contend unless they share a stripe, which round-robin assignment avoids for the
/// first `stripeCount` threads. Writes (registration, caching a new singleton, release) are rare
/// next to reads and pay for this with one lock per stripe.
///
/// No lock is ever held while user code runs, and a thread never takes a second stripe of the same
/// lock while it holds one for reading, so the lock cannot deadlock.
final class ReadMostlyLock: @unchecked Sendable {
    // Safety: `mutexes` points to `stripeCount` initialised pthread mutexes that live exactly as
    // long as `self`; pthread mutexes are made for use from many threads at once.

    private static let cacheLine = 128
    private let mutexes: UnsafeMutableRawPointer
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
        mutexes = UnsafeMutableRawPointer.allocate(
            byteCount: count * Self.cacheLine, alignment: Self.cacheLine)
        for stripe in 0..<count {
            let mutex = mutex(stripe)
            mutex.initialize(to: pthread_mutex_t())
            pthread_mutex_init(mutex, nil)
        }
    }

    deinit {
        for stripe in 0...mask {
            pthread_mutex_destroy(mutex(stripe))
        }
        mutexes.deallocate()
    }

    @inline(__always)
    private func mutex(_ stripe: Int) -> UnsafeMutablePointer<pthread_mutex_t> {
        (mutexes + stripe * Self.cacheLine).assumingMemoryBound(to: pthread_mutex_t.self)
    }

    /// Runs `body` while holding the calling thread's stripe.
    @inline(__always)
    func withReadLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        let mutex = mutex(ResolutionThreadState.currentStripe & mask)
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Runs `body` while holding every stripe, so no reader can run at the same time.
    func withWriteLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        for stripe in 0...mask {
            pthread_mutex_lock(mutex(stripe))
        }
        defer {
            for stripe in (0...mask).reversed() {
                pthread_mutex_unlock(mutex(stripe))
            }
        }
        return try body()
    }
}
