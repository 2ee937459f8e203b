import Synchronization

extension UnitOfWork {
    /// The task-local binding of the unit the current task runs in; `nil` outside any unit.
    /// Spelled out rather than through `@TaskLocal`, so that the inlinable `run` can bind it.
    @usableFromInline
    static let binding = TaskLocal<UnitOfWork?>(wrappedValue: nil)

    /// The unit the current task runs in, read straight from the runtime's task-local storage
    /// (`PrivateRuntimeABI.taskLocalObject`): the hot path's form of ``binding``, whose generic
    /// getter copies the value through its value witnesses.
    ///
    /// Unretained: the binding that made it current (`withValue`) holds it, and that binding
    /// encloses the whole of any call that reads it here, so the caller may borrow it for the call.
    @inline(__always)
    static var currentUnretained: Unmanaged<UnitOfWork>? {
        #if DEBUG
        if RuntimeSelfChecks.forcesFallback { return currentThroughBinding }
        #endif
        let key = currentKey.load(ordering: .relaxed)
        guard key > Self.readsThroughBinding, let key = UnsafeRawPointer(bitPattern: key) else {
            return key == Self.readsThroughBinding ? currentThroughBinding : nil
        }
        return PrivateRuntimeABI.taskLocalObject(forKey: key).map { Unmanaged.fromOpaque($0) }
    }

    /// The public form, when the runtime's layout is not trusted.
    @inline(never)
    private static var currentThroughBinding: Unmanaged<UnitOfWork>? {
        binding.get().map { Unmanaged.passUnretained($0) }
    }

    /// The address of `binding`, the task-local's key; zero until the first unit is made, and
    /// ``readsThroughBinding`` when the layout of a task-local's value is not trusted. Kept here
    /// because reading `binding` itself goes through its lazy initialiser on every read. Relaxed
    /// is enough: a unit is made before it is bound, in the task (or the creator of the task) that
    /// reads it.
    private static let currentKey = Atomic<UInt>(0)

    /// `currentKey`'s value when units are found through `binding.get()`: no address is 1.
    private static let readsThroughBinding: UInt = 1

    /// Sets `currentKey`, when the first unit is made.
    @inline(__always)
    static func noteCurrentKey() {
        guard currentKey.load(ordering: .relaxed) == 0 else { return }
        let key = UInt(bitPattern: Unmanaged.passUnretained(binding).toOpaque())
        let trusted = PrivateRuntimeABI.taskLocalObjectIsTrusted
        currentKey.store(trusted ? key : readsThroughBinding, ordering: .relaxed)
    }

    /// Whether the current task runs in this unit already.
    @usableFromInline
    var isCurrent: Bool {
        Self.currentUnretained?.toOpaque() == Unmanaged.passUnretained(self).toOpaque()
    }

    /// Starts the read of the instance of the registration identified by `id` in the current unit:
    /// the unit's lock held until the read ends (``ReadAccess/endRead(copying:)``); `nil` (no lock
    /// held) when the unit has none built, has ended, or there is no current unit.
    ///
    /// Only when nothing running could be a longer-lived instance that would hold the instance (no
    /// factory runs on this thread, and no singleton, eager or weak async factory anywhere): other
    /// reads go down the engine's path, which checks and explains. Out of line, so that the cached
    /// read keeps the shape it has for the other lifecycles (measured: one instruction more on a
    /// cached singleton's resolve when this is inlined).
    @inline(never)
    static func beginReadInCurrentUnit(of id: ObjectIdentifier) -> ReadAccess? {
        guard !AsyncResolutionPath.mayHoldUnitInstances,
            ResolutionThreadState.currentUnretained._withUnsafeGuaranteedRef({ $0.path.count == 0 }),
            let unit = currentUnretained
        else { return nil }
        return beginRead(of: id, in: unit)
    }
}
