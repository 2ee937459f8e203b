import CRelayThreadLocal
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What one thread knows about the resolutions it is running: the path of factories it is inside.
///
/// A synchronous factory never suspends, so every nested synchronous `resolve` it makes runs on the
/// thread that called it. That makes a thread-local path exact for synchronous factories: it sees
/// cycles even when a factory ignores its container parameter and resolves through
/// `DependencyContainer.global`. Async factories keep their path with the task instead
/// (``AsyncResolutionPath``).
///
/// Not `Sendable`: only its own thread reaches it (through `currentUnretained`; a ``ResolverID``
/// keeps only its address). Exclusivity is unchecked on its properties because every access is
/// momentary (a read, a push or pop, a `+=`): none stays open across a factory call, so no two
/// overlap, even on its own thread.
final class ResolutionThreadState {
    /// The registrations whose factories are running on this thread, outermost first.
    @exclusivity(unchecked) var path = ResolutionPath()

    /// The `.graph` instances of the resolution running on this thread; `nil` until one is built,
    /// and dropped when the resolution's outermost factory returns.
    @exclusivity(unchecked) var graph: GraphInstances?

    /// How many synchronous factories this thread is running on behalf of an async resolution
    /// (see `buildInline`): while it is above zero, a wait for another's build is handed to that
    /// async resolution, which suspends, instead of blocking the thread.
    @exclusivity(unchecked) var inlineForAsync = 0

    /// How many reads of an `@Injected` property's `wrappedValue` this thread is inside: such a read
    /// cannot throw, so its waits are not cut short inside a task (see
    /// `BuildOnce.wait`).
    @exclusivity(unchecked) var readingInjectedProperty = 0

    /// How many factories this thread has run, so an observer can tell a build from a cache hit.
    @exclusivity(unchecked) var builds = 0

    /// The lowest address of the thread's stack, and the lowest address a factory may start at:
    /// below it, resolution stops with an error rather than overflow the stack. A reserve is kept
    /// for the frames of one more factory and for building the error. All zero when the stack's
    /// bounds are unknown.
    private let stack: (low: UInt, limit: UInt)

    private init() {
        self.stack = Self.currentStack()
    }

    /// Whether the calling frame is so deep in the stack that another factory might overflow it.
    ///
    /// An address outside the thread's stack says nothing: AddressSanitizer, for one, may keep
    /// locals on a "fake stack" on the heap. Then only the depth count protects.
    @inline(__always)
    var isStackNearlyExhausted: Bool {
        var marker = 0
        let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        return here >= stack.low && here < stack.limit
    }

    private static func currentStack() -> (low: UInt, limit: UInt) {
        var address: UnsafeMutableRawPointer?
        var size: UInt = 0
        guard relay_current_thread_stack(&address, &size) == 0, let address else { return (0, 0) }
        let low = UInt(bitPattern: address)
        // An eighth of the stack, at least 64 KiB and at most 256 KiB.
        let reserve = min(max(size / 8, 64 * 1024), 256 * 1024)
        return (low, low + reserve)
    }

    /// The calling thread's state, created on its first resolve.
    static var current: ResolutionThreadState {
        currentUnretained.takeUnretainedValue()
    }

    /// The calling thread's state, unretained: the thread's key slot owns it until the thread
    /// exits, so the thread itself may borrow it for as long as it runs.
    ///
    /// Read from C thread-local storage (one load), which mirrors the pthread key: the key owns
    /// the state and releases it at thread exit; the C slot only finds it fast.
    @inline(__always)
    static var currentUnretained: Unmanaged<ResolutionThreadState> {
        if let pointer = relay_current_thread_state() {
            return Unmanaged.fromOpaque(pointer)
        }
        return Unmanaged.passUnretained(makeCurrent())
    }

    @inline(never)
    private static func makeCurrent() -> ResolutionThreadState {
        let state = ResolutionThreadState()
        // The thread's key slot owns one retain; the key's destructor gives it back at thread exit.
        let pointer = Unmanaged.passRetained(state).toOpaque()
        pthread_setspecific(threadStateKey, pointer)
        relay_set_current_thread_state(pointer)
        return state
    }
}

private let threadStateKey: pthread_key_t = {
    var key = pthread_key_t()
    #if canImport(Darwin)
    pthread_key_create(&key) { pointer in
        // Runs on the exiting thread: its C slot must not outlive the state it points to.
        relay_set_current_thread_state(nil)
        Unmanaged<ResolutionThreadState>.fromOpaque(pointer).release()
    }
    #else
    pthread_key_create(&key) { pointer in
        relay_set_current_thread_state(nil)
        guard let pointer else { return }
        Unmanaged<ResolutionThreadState>.fromOpaque(pointer).release()
    }
    #endif
    return key
}()
