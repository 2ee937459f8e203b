import CRelayThreadLocal
import Synchronization

/// Every read Relay makes of the Swift runtime beyond the standard library's API, and every use of
/// a layout the language does not promise, in one room, so that a toolchain that changes one of
/// them can cost speed and a few documented answers (see each fallback), never a hang, a crash or
/// a wrong instance.
///
/// Three kinds of read live here:
/// - **Entry points** of the runtime (`swift_task_getCurrent`, `swift_task_localValueGet`,
///   declared in CRelayThreadLocal): part of its stable ABI, the functions behind
///   `withUnsafeCurrentTask` and `TaskLocal.get()` without their generic wrappers. A toolchain
///   without one fails to link: loudly, not on a user's machine.
/// - **Layouts**: where a task keeps its "child task" flag, how an existential's metadata says
///   its protocols are class-bound, how a task-local stores a class reference. A toolchain that
///   moved one would be read wrong silently, so each is checked once, at first use, against cases
///   whose answers are known, and a failed check switches that read to its fallback for the rest
///   of the process (``Trust``). ``RuntimeSelfChecks`` runs the checks and forces the fallbacks
///   in tests.
/// - **Addresses kept after an access**: a stored property's address, taken with
///   `withUnsafeMutablePointer(to:)` and used after the call (a unit of work's slot keeps small
///   instances in a property of its own). Checked and trusted as a layout is.
enum PrivateRuntimeABI {
    /// What a layout's check found. Fixed once checked, for the life of the process.
    enum Trust: UInt8, AtomicRepresentable {
        /// Not checked yet.
        case unchecked
        /// Checked, and read as the runtime lays it out.
        case trusted
        /// The check failed: the public fallback is used instead.
        case refused
    }

    // MARK: - The current task

    /// The address of the current task; `nil` when the calling code runs in no task.
    ///
    /// `withUnsafeCurrentTask` is the public form: a generic function the optimiser cannot see
    /// into, whose call costs more than the rest of a build's bookkeeping.
    @inline(__always)
    static var currentTask: UnsafeRawPointer? { UnsafeRawPointer(relay_current_task()) }

    // MARK: - Structured child tasks

    /// Whether the task at `task` is a structured child task (of `async let`, a task group or a
    /// discarding task group), which its parent awaits before it goes on; `nil` when that cannot
    /// be told, because the layout's check failed.
    ///
    /// The standard library cannot tell: a child task's waits are its parent's, while a `Task { }`
    /// started inside a factory is independent work, yet both inherit the factory's task-locals.
    /// Callers take `nil` as "perhaps a child" (see `AsyncResolutionPath`): a resolve that could
    /// only hang as a child's then fails as a cycle, and a `Task { }` started inside a factory
    /// counts as part of it.
    ///
    /// Before the check has run, the answer is `false`, which is then exact: the check is awaited
    /// before the first async factory runs (``checkChildTaskFlag()``), so until then no task holds
    /// a factory's frame that the answer could give it.
    @inline(__always)
    static func isChildTask(_ task: UnsafeRawPointer) -> Bool? {
        #if DEBUG
        if RuntimeSelfChecks.forcesFallback { return nil }
        #endif
        switch childTaskFlagTrust.load(ordering: .relaxed) {
        case .trusted: return readChildTaskFlag(task, bit: 24)
        case .unchecked: return false
        case .refused: return nil
        }
    }

    /// The task's job flags are the 32-bit word after the heap-object header and two scheduler
    /// words; bit 24 is the runtime's "is child task".
    @inline(__always)
    static func readChildTaskFlag(_ task: UnsafeRawPointer, bit: UInt32) -> Bool {
        let flags = task.load(fromByteOffset: 4 * MemoryLayout<UnsafeRawPointer>.size, as: UInt32.self)
        return flags & (1 << bit) != 0
    }

    /// Whether the child-task flag has been checked: one relaxed load, for the async front to
    /// await ``checkChildTaskFlag()`` only the first time.
    @inline(__always)
    static var childTaskFlagIsChecked: Bool {
        childTaskFlagTrust.load(ordering: .relaxed) != .unchecked
    }

    /// Checks the child-task flag, once per process; later calls return when that check has.
    nonisolated(nonsending) static func checkChildTaskFlag() async {
        await childTaskFlagCheck.value
    }

    private static let childTaskFlagTrust = Atomic<Trust>(.unchecked)

    /// Detached, so that it inherits nothing of the task that first needs it.
    private static let childTaskFlagCheck = Task.detached {
        let holds = await childTaskFlagHolds { readChildTaskFlag($0, bit: 24) }
        childTaskFlagTrust.store(holds ? .trusted : .refused, ordering: .relaxed)
    }

    /// Whether `read` answers `true` in an `async let` child and a task group's child, and
    /// `false` in a `Task { }` and a detached task.
    static func childTaskFlagHolds(_ read: @escaping @Sendable (UnsafeRawPointer) -> Bool) async -> Bool {
        @Sendable func readCurrent() -> Bool? { currentTask.map(read) }
        async let asyncLetChild = readCurrent()
        let groupChild = await withTaskGroup(of: Bool?.self) { group in
            group.addTask { readCurrent() }
            return await group.next() ?? nil
        }
        let unstructured = await Task { readCurrent() }.value
        let detached = await Task.detached { readCurrent() }.value
        return await asyncLetChild == true && groupChild == true && unstructured == false && detached == false
    }

    // MARK: - Class-bound existentials

    /// Whether `type` is an existential whose protocols are class-bound (`any Store` where
    /// `protocol Store: AnyObject`, `AnyObject` itself): `false` for a non-class-bound
    /// existential and for any type that is no existential; `nil` when that cannot be told,
    /// because the layout's check failed.
    ///
    /// `type is AnyObject.Type` answers for classes only, and no public API answers for an
    /// existential.
    static func isClassBoundExistential(_ type: Any.Type) -> Bool? {
        #if DEBUG
        if RuntimeSelfChecks.forcesFallback { return nil }
        #endif
        return existentialLayoutIsTrusted ? readClassBoundExistential(type, mask: 0x8000_0000) : nil
    }

    /// An existential's metadata has kind `0x303`; the 32 bits after the kind are its flags, whose
    /// top bit is clear when its protocols are class-bound.
    static func readClassBoundExistential(_ type: Any.Type, mask: UInt32) -> Bool {
        let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
        guard metadata.load(as: Int.self) == 0x303 else { return false }
        let flags = metadata.load(fromByteOffset: MemoryLayout<Int>.size, as: UInt32.self)
        return flags & mask == 0
    }

    /// Checked on first use (a global's initialiser runs once, whichever thread gets there first).
    private static let existentialLayoutIsTrusted = classBoundExistentialHolds {
        readClassBoundExistential($0, mask: 0x8000_0000)
    }

    private protocol ClassBoundProbe: AnyObject {}
    private protocol OpenProbe {}

    /// Whether `read` tells class-bound existentials from the rest, for types whose answer is known.
    static func classBoundExistentialHolds(_ read: (Any.Type) -> Bool) -> Bool {
        read((any ClassBoundProbe).self) && read(AnyObject.self) && read((any ClassBoundProbe & OpenProbe).self)
            && !read((any OpenProbe).self) && !read(Any.self) && !read(Int.self) && !read([Int].self)
    }

    // MARK: - Task-local class references

    /// The object that the task-local whose key is `key` holds in the current task (or, outside
    /// any task, on the current thread); `nil` when it holds none. `nil` too when the layout's
    /// check failed: use ``taskLocalObjectIsTrusted`` to tell, and `TaskLocal.get()` then.
    ///
    /// `key` is the address of a `TaskLocal<Object?>` whose `Object` is a class. The runtime hands
    /// back the address of the value `withValue` stored: an `Object?`, one pointer, zero for `nil`.
    @inline(__always)
    static func taskLocalObject(forKey key: UnsafeRawPointer) -> UnsafeRawPointer? {
        relay_task_local_value(key)?.load(as: UnsafeRawPointer?.self)
    }

    /// The address the runtime gives for the task-local whose key is `key`, unread: what a
    /// changed layout would make of it, for ``RuntimeSelfChecks``.
    static func taskLocalValueAddress(forKey key: UnsafeRawPointer) -> UnsafeRawPointer? {
        UnsafeRawPointer(relay_task_local_value(key))
    }

    /// Whether ``taskLocalObject(forKey:)`` may be used; checked on first use.
    static let taskLocalObjectIsTrusted = taskLocalObjectHolds { taskLocalObject(forKey: $0) }

    private final class Probe: Sendable {}
    private static let probeLocal = TaskLocal<Probe?>(wrappedValue: nil)

    /// Whether `read` finds the object a task-local is bound to, and nothing when it is bound to
    /// `nil` or not bound.
    static func taskLocalObjectHolds(_ read: (UnsafeRawPointer) -> UnsafeRawPointer?) -> Bool {
        let key = UnsafeRawPointer(Unmanaged.passUnretained(probeLocal).toOpaque())
        let probe = Probe()
        let unbound = read(key)
        let bound = probeLocal.withValue(probe) { read(key) }
        let boundToNil = probeLocal.withValue(nil) { read(key) }
        let expected = UnsafeRawPointer(Unmanaged.passUnretained(probe).toOpaque())
        return unbound == nil && boundToNil == nil && bound == expected
    }

    // MARK: - Stored properties kept by address

    /// Whether the address of a stored property of a final class with no observers, as
    /// `withUnsafeMutablePointer(to: &object.property)` hands it out, may be kept and used after
    /// the call, for as long as the object lives: `false` when that cannot be trusted, because
    /// the check failed (or, in debug builds, the fallbacks are forced): the caller then keeps its
    /// value in memory of its own; `nil` until it has been checked: the caller then checks it,
    /// with ``checkInPlaceAddress(_:)``.
    ///
    /// The current compiler accesses such a property in place (and an object never moves), so the
    /// address is the property's; the language promises it only inside the closure, and a compiler
    /// that handed out a temporary copy, written back after the call, would leave a kept address
    /// pointing at nothing. Checked once, at first use; the answer stands for the rest of the
    /// process.
    @inline(__always)
    static var inPlaceAddressIsTrusted: Bool? {
        #if DEBUG
        if RuntimeSelfChecks.forcesFallback { return false }
        #endif
        switch inPlaceAddressTrust.load(ordering: .relaxed) {
        case .trusted: return true
        case .refused: return false
        case .unchecked: return nil
        }
    }

    /// Checks, at the first use, whether a kept stored-property address may be trusted, with
    /// `check`, which runs ``inPlaceAddressHolds(kept:inside:read:)`` on a property of the caller's
    /// that nothing uses yet; then answers as ``inPlaceAddressIsTrusted`` does. Two threads may
    /// both check, on properties of their own, and store the same answer.
    @inline(never)
    static func checkInPlaceAddress(_ check: () -> Bool) -> Bool {
        let holds = check()
        inPlaceAddressTrust.store(holds ? .trusted : .refused, ordering: .relaxed)
        return inPlaceAddressIsTrusted ?? holds
    }

    private static let inPlaceAddressTrust = Atomic<Trust>(.unchecked)

    /// Whether `kept`, the address the caller would keep of a stored property, is the property's
    /// own: the address `withUnsafeMutablePointer(to:)` gives inside an access to it (`inside`, its
    /// first word) is the same, and what is written through it there is what a plain read of the
    /// property (`read`, its first word) sees. Run inside that access, where `inside` is valid
    /// whatever the compiler does (a copy's address fails at once, and nothing is written through
    /// an address that may point at nothing); leaves the word zero.
    static func inPlaceAddressHolds(
        kept: UnsafeMutableRawPointer,
        inside: UnsafeMutablePointer<UInt>,
        read: () -> UInt
    ) -> Bool {
        guard UnsafeMutableRawPointer(inside) == kept else { return false }
        let pattern: UInt = 0x5A5A_A5A5
        inside.pointee = pattern
        let seen = read()
        inside.pointee = 0
        return seen == pattern
    }
}
