/// Who resolves: a thread resolving synchronously, or a task. It names the builder of a
/// construction and the waiter in the wait-for graph.
///
/// A thread is named by the address of its ``ResolutionThreadState`` and a task by the address of
/// the task itself: both live at least as long as they build or wait, and two live objects never
/// share an address.
struct ResolverID: Hashable, Sendable, CustomStringConvertible {
    private let address: UInt

    /// Whether the resolver is a task: a synchronous wait there blocks a thread that other tasks
    /// need (see `BuildOnce.wait`).
    let isTask: Bool

    /// The thread whose state this is.
    init(thread: ResolutionThreadState) {
        address = UInt(bitPattern: ObjectIdentifier(thread))
        isTask = false
    }

    /// The task at `address`.
    init(task address: UnsafeRawPointer) {
        self.address = UInt(bitPattern: address)
        isTask = true
    }

    /// The current task, or the current thread when code runs outside any task.
    static var current: ResolverID {
        guard let task = PrivateRuntimeABI.currentTask else { return ResolverID(thread: ResolutionThreadState.current) }
        return ResolverID(task: task)
    }

    /// `resolver 0x…`, for debugging.
    var description: String {
        "resolver 0x" + String(address, radix: 16)
    }
}
