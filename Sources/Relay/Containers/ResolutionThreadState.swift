import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What one thread knows about the resolutions it is running: the path of factories it is inside,
/// and which stripe of a ``ReadMostlyLock`` it reads through.
///
/// Resolution is synchronous, so every nested `resolve` a factory makes runs on the thread that
/// called the factory. That makes a thread-local path exact: it sees cycles even when a factory
/// ignores its container parameter and resolves through `DependencyContainer.global`.
final class ResolutionThreadState {
    /// The registrations whose factories are running on this thread, outermost first.
    var path: [ResolutionFrame] = []

    /// How many factories this thread has run, so an observer can tell a build from a cache hit.
    var builds = 0

    /// The stripe this thread locks when it only reads; assigned round-robin so that the first
    /// threads of a process never share one.
    let stripe: Int

    private init(stripe: Int) {
        self.stripe = stripe
    }

    /// The calling thread's state, created on its first resolve.
    @inline(__always)
    static var current: ResolutionThreadState {
        if let pointer = pthread_getspecific(threadStateKey) {
            return Unmanaged<ResolutionThreadState>.fromOpaque(pointer).takeUnretainedValue()
        }
        return makeCurrent()
    }

    @inline(never)
    private static func makeCurrent() -> ResolutionThreadState {
        let state = ResolutionThreadState(stripe: nextStripe.add(1, ordering: .relaxed).oldValue)
        // The thread's key slot owns one retain; the key's destructor gives it back at thread exit.
        pthread_setspecific(threadStateKey, Unmanaged.passRetained(state).toOpaque())
        return state
    }
}

private let nextStripe = Atomic<Int>(0)

private let threadStateKey: pthread_key_t = {
    var key = pthread_key_t()
    #if canImport(Darwin)
    pthread_key_create(&key) { pointer in
        Unmanaged<ResolutionThreadState>.fromOpaque(pointer).release()
    }
    #else
    pthread_key_create(&key) { pointer in
        guard let pointer else { return }
        Unmanaged<ResolutionThreadState>.fromOpaque(pointer).release()
    }
    #endif
    return key
}()
