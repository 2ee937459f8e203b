import Synchronization

/// One unit of work: a request, a job, a command. Each ``LifecycleType/unitOfWork`` registration
/// has one instance per unit, built on first use inside it and torn down when it ends.
///
/// Open one with ``DependencyContainer/withUnitOfWork(isolation:_:)`` (or, where the unit must
/// outlive a closure, ``DependencyContainer/openUnitOfWork()`` and ``close()``). Inside, every resolve of a
/// unit-of-work registration (through `resolve(_:name:)`, the container, a factory, a
/// `Provider`, in the unit's task and its child tasks) gets the unit's instance:
///
/// ```swift
/// try await container.withUnitOfWork { unit in
///     let transaction = try await unit.resolve(Transaction.self)
///     try await unit.resolve(OrderService.self).place(order)   // its factory gets the same one
/// }
/// ```
///
/// Units nest: a unit opened inside another has instances of its own. A unit is not a
/// ``DependencyContainerScope``: scopes are named containers with registrations of their own; a
/// unit holds instances, for a while, of the registrations the container has.
///
/// A unit owns the teardowns of its instances, and of the transients with a teardown resolved in
/// it, and runs each exactly once when it ends: closed, its body finished, its task cancelled (the
/// teardowns are not cancelled with it), dropped without being closed (when the last reference
/// goes, in a task the container tracks), or ended by ``DependencyContainer/shutdown()``. Once
/// ended it hands out nothing new: a resolve made after the end throws
/// ``DependencyResolutionError/Code/unitOfWorkEnded``, and so does one whose instance was still
/// being built as the unit ended (that instance is torn down instead). A resolve that waited for a
/// build finished before the end gets that instance, as any resolve made before the end did.
public final class UnitOfWork: Sendable, CustomStringConvertible {
    /// The container the unit was opened on; `resolve(_:name:)` resolves from it.
    public let container: DependencyContainer

    /// The unit this one was opened inside, if any.
    public let parent: UnitOfWork?

    /// The unit's number, for messages: units are numbered from 1 in the order they open.
    public let number: Int

    /// How many async factories were running in the task that opened the unit: a factory that
    /// opens a unit ends it before it returns, so its frame does not hold the unit's instances.
    /// Zero when no longer-lived async factory was running anywhere (see `init`).
    let asyncDepthAtOpen: Int

    /// Guards what the unit holds, below. A lock of one word, inline: a resolve of a built
    /// instance takes it once, and opening a unit allocates nothing for it.
    private let lock = SpinLock()

    // Safety (the four properties below): read and written only while `lock` is held. The lists
    // are taken whole, under the lock, by `takeEverything()`, which marks the unit ended in the
    // same step; every other access checks `isEndedState` first, under the lock. Exclusivity is
    // unchecked because the lock already serialises every access.

    /// The unit's slots, one per registration resolved in it, newest first. A list through the
    /// slots themselves: a unit has a handful, and finding one by identity in a short list costs
    /// less than hashing, with no table to allocate. The unit owns each slot of the list by one
    /// retain, taken when it is added and given back when the unit ends (or goes away open).
    @exclusivity(unchecked) private nonisolated(unsafe) var slots: Unmanaged<UnitSlot>?

    /// The slots whose instances have a teardown to run, newest first: the order they run in.
    @exclusivity(unchecked) private nonisolated(unsafe) var teardowns: UnitSlot?

    /// Whether the unit has ended. (A plain field under the lock: an `Atomic` here, read on the
    /// built-instance path, cost that path 30 instructions, measured.)
    @exclusivity(unchecked) private nonisolated(unsafe) var isEndedState = false

    /// Whether the unit has ever owed a teardown, and so may be on the family's list of open units
    /// (`OpenUnits`): a unit is listed when it first owes one, since only then has a shutdown
    /// anything to end in it (and a unit that never owes one costs the list nothing).
    @exclusivity(unchecked) private nonisolated(unsafe) var hasOwedTeardowns = false

    // Safety (the three properties below): read and written only while the lock of the family's
    // `OpenUnits` is held.

    /// The unit opened after this one on the family's list of open units (`OpenUnits`).
    @exclusivity(unchecked) nonisolated(unsafe) var openNewer: Unmanaged<UnitOfWork>?

    /// The unit opened before this one on the family's list of open units.
    @exclusivity(unchecked) nonisolated(unsafe) var openOlder: Unmanaged<UnitOfWork>?

    /// Whether the unit is on the family's list of open units.
    @exclusivity(unchecked) nonisolated(unsafe) var isListedOpen = false

    private static let counter = Atomic<Int>(0)

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

    init(container: DependencyContainer, parent: UnitOfWork?) {
        self.container = container
        self.parent = parent
        // Looked up only when it can matter: the captive check skips the frames counted here, and
        // while no longer-lived async factory runs anywhere, none of them can be one that would hold
        // a unit-of-work instance (a frame's lifecycle never changes).
        self.asyncDepthAtOpen = AsyncResolutionPath.mayHoldUnitInstances ? AsyncResolutionPath.current.count : 0
        self.number = Self.counter.add(1, ordering: .relaxed).newValue
        if Self.currentKey.load(ordering: .relaxed) == 0 {
            let key = UInt(bitPattern: Unmanaged.passUnretained(Self.binding).toOpaque())
            let trusted = PrivateRuntimeABI.taskLocalObjectIsTrusted
            Self.currentKey.store(trusted ? key : Self.readsThroughBinding, ordering: .relaxed)
        }
    }

    /// Whether the current task runs in this unit already.
    @usableFromInline
    var isCurrent: Bool {
        Self.currentUnretained?.toOpaque() == Unmanaged.passUnretained(self).toOpaque()
    }

    /// Whether the unit has ended: its instances are torn down, and resolving in it is an error.
    public var isEnded: Bool {
        lock.withLock { isEndedState }
    }

    /// `unit of work #3`.
    public var description: String {
        "unit of work #\(number)"
    }

    /// Resolves `type` from the unit's container, inside this unit: as `container.resolve`
    /// does from the unit's own task.
    ///
    /// - Parameters:
    ///   - type: The registered type.
    ///   - name: The registration's name; `nil` for the default.
    /// - Returns: The instance: for a ``LifecycleType/unitOfWork`` registration, this unit's.
    /// - Throws: ``DependencyResolutionError`` as `resolve(_:name:)` does, and with code
    ///   ``DependencyResolutionError/Code/unitOfWorkEnded``, whatever the type's lifecycle, once the
    ///   unit has ended: a unit that has ended hands out nothing.
    @inlinable
    nonisolated(nonsending) public func resolve<Service>(
        _ type: Service.Type = Service.self,
        name: String? = nil
    ) async throws -> Service {
        // Inlinable, as the container's `resolve` is: no async frame of its own. Already in this
        // unit (the body of `withUnitOfWork`): no need to bind it again.
        if isEnded { throw endedError(resolving: type, name: name) }
        if isCurrent { return try await container.resolve(type, name: name) }
        return try await Self.binding.withValue(self) { try await container.resolve(type, name: name) }
    }

    /// Resolves `type` from the unit's container, inside this unit, synchronously; see the async
    /// `resolve(_:name:)`.
    ///
    /// - Parameters:
    ///   - type: The registered type.
    ///   - name: The registration's name; `nil` for the default.
    /// - Returns: The instance: for a ``LifecycleType/unitOfWork`` registration, this unit's.
    /// - Throws: ``DependencyResolutionError``, as the synchronous `resolve(_:name:)` does, and with
    ///   code ``DependencyResolutionError/Code/unitOfWorkEnded`` once the unit has ended.
    public func resolve<Service>(_ type: Service.Type = Service.self, name: String? = nil) throws -> Service {
        if isEnded { throw endedError(resolving: type, name: name) }
        if isCurrent { return try container.resolve(type, name: name) }
        return try Self.binding.withValue(self) { try container.resolve(type, name: name) }
    }

    /// Runs `body` in this unit: every resolve in its task and child tasks gets this unit's
    /// unit-of-work instances.
    ///
    /// - Parameters:
    ///   - isolation: Where `body` runs: the caller's actor, by default.
    ///   - body: The work.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    @inlinable
    public func run<Result>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Result
    ) async rethrows -> Result {
        try await Self.binding.withValue(self, operation: body, isolation: isolation)
    }

    /// Ends the unit: no resolve reaches it any more, its teardowns run newest first (every one,
    /// even after one throws), and its instances are released. Closing a closed unit does nothing.
    ///
    /// The teardowns run to the end even when the calling task is cancelled: they are not cancelled
    /// with the work they clean up (see the *Units of Work* article).
    ///
    /// - Throws: ``DependencyShutdownError`` naming each type whose teardown threw.
    nonisolated(nonsending) public func close() async throws {
        let failures = await end()
        if !failures.isEmpty {
            throw DependencyShutdownError(failures: failures, endingUnit: self)
        }
    }

    /// Closes the unit after its work threw `error`, and returns what the caller should throw:
    /// `error` itself, or, when a teardown threw too, a ``DependencyShutdownError`` that names each
    /// failed teardown and carries `error` as its ``DependencyShutdownError/workError``.
    @usableFromInline
    nonisolated(nonsending) func close(after error: any Error) async -> any Error {
        let failures = await end()
        if failures.isEmpty { return error }
        return DependencyShutdownError(failures: failures, endingUnit: self, workError: error)
    }

    /// The error a resolve through this unit throws once it has ended.
    @usableFromInline
    func endedError<Service>(resolving _: Service.Type, name: String?) -> DependencyResolutionError {
        DependencyResolutionError(
            code: .unitOfWorkEnded, requested: RegistrationKey(Service.self, name: name), scope: container.scope,
            path: [RegistrationKey(Service.self, name: name).description])
    }

    // MARK: - The engine's side

    /// The instance of `registration` built in this unit, copied out under the unit's lock; or,
    /// when there is none (not built yet, or the unit has ended), what `otherwise` returns.
    ///
    /// The hot path of a unit-of-work resolve: one lock, a short walk, and a copy straight into
    /// the return value, with no `Service?` (whose metadata unspecialised code would look up).
    @inline(__always)
    func builtInstance<Service, Failure: Error>(
        of registration: AnyRegistration,
        as _: Service.Type,
        otherwise: () throws(Failure) -> Service
    ) throws(Failure) -> Service {
        if let storage = lockedStorage(of: ObjectIdentifier(registration)) {
            defer { lock.unlock() }
            return storage.assumingMemoryBound(to: Service.self).pointee
        }
        return try otherwise()
    }

    /// Where a cached read finds the instance of the registration identified by `id` in the
    /// current unit: the unit, with its lock held, and the storage; `nil` (no lock held) when the
    /// unit has none built, has ended, or there is no current unit.
    ///
    /// Only when nothing running could be a longer-lived instance that would hold the instance (no
    /// factory runs on this thread, and no singleton, eager or weak async factory anywhere): other
    /// reads go down the engine's path, which checks and explains. Out of line, so that the cached
    /// read keeps the shape it has for the other lifecycles (measured: one instruction more on a
    /// cached singleton's resolve when this is inlined).
    @inline(never)
    static func lockedStorageInCurrentUnit(
        of id: ObjectIdentifier
    ) -> (unit: Unmanaged<UnitOfWork>, storage: UnsafeMutableRawPointer)? {
        guard !AsyncResolutionPath.mayHoldUnitInstances,
            ResolutionThreadState.currentUnretained._withUnsafeGuaranteedRef({ $0.path.count == 0 }),
            let unit = currentUnretained,
            let storage = unit._withUnsafeGuaranteedRef({ $0.lockedStorage(of: id) })
        else { return nil }
        return (unit, storage)
    }

    /// The storage of the instance of the registration identified by `id`, with the unit's lock
    /// held; `nil`, with the lock given back, when the unit has none built or has ended.
    @inline(__always)
    private func lockedStorage(of id: ObjectIdentifier) -> UnsafeMutableRawPointer? {
        lock.lock()
        if !isEndedState, let storage = unretainedSlot(of: id)?._withUnsafeGuaranteedRef({ $0.storage }) {
            return storage
        }
        lock.unlock()
        return nil
    }

    /// Copies the instance at `storage` out of `unit`, then gives back the unit's lock, which
    /// ``lockedStorageInCurrentUnit(of:)`` took: the copy (and its retain) happens while the lock
    /// keeps the unit from ending and releasing the instance.
    @inline(__always)
    static func endRead<Service>(
        of unit: Unmanaged<UnitOfWork>,
        copying storage: UnsafeMutableRawPointer,
        as _: Service.Type
    ) -> Service {
        defer { unit._withUnsafeGuaranteedRef { $0.lock.unlock() } }
        return storage.assumingMemoryBound(to: Service.self).pointee
    }

    /// The slot of the registration identified by `id`, if the unit has made one. Call under the
    /// lock; the slot is valid while the unit holds it (until it ends).
    @inline(__always)
    private func unretainedSlot(of id: ObjectIdentifier) -> Unmanaged<UnitSlot>? {
        var next = slots
        while let slot = next {
            let (isMatch, following) = slot._withUnsafeGuaranteedRef { ($0.registrationID == id, $0.nextInUnit) }
            if isMatch { return slot }
            next = following
        }
        return nil
    }

    /// The construction of `registration`'s instance in this unit, made on first use; `nil` once
    /// the unit has ended.
    ///
    /// - Parameter container: The container that holds `registration`.
    func slot<Service>(for registration: Registration<Service>, in container: DependencyContainer) -> UnitSlot? {
        slot(for: registration, in: container, claimingFor: nil)?.slot
    }

    /// The construction of `registration`'s instance in this unit, made on first use and then, when
    /// `resolver` is given, claimed for it to build before any other resolver can find it (see
    /// `ConstructionRegistry.claimUnpublished`); `nil` once the unit has ended.
    ///
    /// - Returns: The slot, and whether `resolver` claimed it: it builds, then ends the build.
    func slot<Service>(
        for registration: Registration<Service>,
        in container: DependencyContainer,
        claimingFor resolver: ConstructionRegistry.Resolver?
    ) -> (slot: UnitSlot, isClaimed: Bool)? {
        lock.lock()
        defer { lock.unlock() }
        guard !isEndedState else { return nil }
        if let found = unretainedSlot(of: ObjectIdentifier(registration)) {
            let slot = found.takeUnretainedValue()
            // Found before its instance is kept: this resolver may wait for the build, which must
            // then end through the registry.
            if slot.storage == nil { slot.isSought = true }
            return (slot, false)
        }
        let slot = UnitSlot(registration: registration, scope: container.scope)
        let isClaimed = resolver.map { ConstructionRegistry.claimUnpublished(slot, by: $0, in: container) } ?? false
        slot.nextInUnit = slots
        slots = Unmanaged.passRetained(slot)
        return (slot, isClaimed)
    }

    /// Whether `slot`'s instance is built; for a claim, under the registry's lock.
    func isBuilt(_ slot: UnitSlot) -> Bool {
        lock.withLock { slot.storage != nil }
    }

    /// `slot`'s instance, which a claim found built: an instance, once kept, stays in its slot
    /// (even after the unit ended, for the resolvers that waited for its build and found it kept
    /// before the unit ended).
    ///
    /// - Parameter _: The registration's service type.
    func builtInstance<Service>(in slot: UnitSlot, as _: Service.Type) -> Service {
        lock.lock()
        defer { lock.unlock() }
        guard let storage = slot.storage else { preconditionFailure("a unit-of-work instance read before it was kept") }
        return storage.assumingMemoryBound(to: Service.self).pointee
    }

    /// Keeps `built` as `slot`'s instance and, in the same step, records its teardown: so the
    /// teardowns run in the order the instances were published, newest first.
    ///
    /// - Returns: `false` when the unit ended while the instance was built: nothing is kept, and
    ///   the caller tears the instance down (see `ResolutionEngine.lateInstance`) and throws
    ///   ``DependencyResolutionError/Code/unitOfWorkEnded``.
    func publish<Service>(_ built: Service, in slot: UnitSlot) -> Bool {
        publish(built, in: slot, endingUnsoughtClaim: false).isKept
    }

    /// Keeps `built` as `slot`'s instance, as ``publish(_:in:)`` does, for the resolver whose claim
    /// was made with the slot (`slot(for:in:claimingFor:)`); when no other resolver has found the
    /// slot before its instance was kept, nobody can be waiting for the build, so the claim ends
    /// here, under the unit's lock, without the registry's (see
    /// `ConstructionRegistry.endUnsoughtClaim`).
    ///
    /// - Returns: Whether the instance is kept (`false`: the unit ended meanwhile), and whether the
    ///   claim is still to end with `BuildOnce.succeed()`.
    func publishClaimed<Service>(_ built: Service, in slot: UnitSlot) -> (isKept: Bool, mustEndClaim: Bool) {
        publish(built, in: slot, endingUnsoughtClaim: true)
    }

    private func publish<Service>(
        _ built: Service,
        in slot: UnitSlot,
        endingUnsoughtClaim: Bool
    ) -> (isKept: Bool, mustEndClaim: Bool) {
        let hasTeardown = slot.hasTeardown
        let (isKept, mustEndClaim, isFirstTeardown) = lock.withLock {
            // Ended while it was built: nothing is kept or handed out, and the build ends as a
            // failure that its waiters share (`unitOfWorkEnded`).
            guard !isEndedState else { return (false, true, false) }
            slot.keep(built)
            var mustEndClaim = true
            if endingUnsoughtClaim, !slot.isSought {
                ConstructionRegistry.endUnsoughtClaim(slot)
                mustEndClaim = false
            }
            guard hasTeardown else { return (true, mustEndClaim, false) }
            return (true, mustEndClaim, owe(slot))
        }
        if isFirstTeardown { container.family.openUnits.add(self) }
        return (isKept, mustEndClaim)
    }

    /// Takes an instance that a transient (or `.graph`) registration with a teardown built while
    /// this unit was current: the unit owns it from now on and tears it down when it ends, newest
    /// first with its own instances.
    ///
    /// - Returns: `false` when the unit has ended meanwhile: the caller tears the instance down.
    func adopt<Service>(_ built: Service, of registration: Registration<Service>, in container: DependencyContainer)
        -> Bool
    {
        // A slot of its own, on the teardown list only: nobody looks an adopted instance up.
        let slot = UnitSlot(registration: registration, scope: container.scope)
        let (isKept, isFirstTeardown) = lock.withLock {
            guard !isEndedState else { return (false, false) }
            slot.keep(built)
            return (true, owe(slot))
        }
        if isFirstTeardown { self.container.family.openUnits.add(self) }
        return isKept
    }

    /// Puts `slot` at the head of the teardown list. Call under the lock, on an open unit.
    ///
    /// - Returns: Whether it is the unit's first teardown: the caller then lists the unit on the
    ///   family's open units, after giving the lock back (that list's lock comes first).
    private func owe(_ slot: UnitSlot) -> Bool {
        slot.nextToTearDown = teardowns
        teardowns = slot
        if hasOwedTeardowns { return false }
        hasOwedTeardowns = true
        return true
    }

    /// What an ended unit still owes: its slots (one retain each) and the teardowns to run, newest
    /// first. Whoever takes them runs the teardowns, then releases the slots.
    ///
    /// Taken from the unit under its lock as the unit ends, by exactly one taker
    /// (`takeEverything` leaves the unit with none): only that taker walks and clears the lists and
    /// gives back the slots' retains, once. Others may still read a slot's instance under the
    /// unit's lock; `storage` is never written again (`publish` refuses an ended unit).
    struct Owed: Sendable {
        let slots: Unmanaged<UnitSlot>?
        let teardowns: UnitSlot?
        let unitNumber: Int

        /// Runs the teardowns newest first (`Teardowns.run(_:ofUnit:)`), then releases the slots,
        /// outside any lock, in case a deinit resolves.
        @inline(__always)
        nonisolated(nonsending) func settle() async -> [DependencyShutdownError.Failure] {
            var failures: [DependencyShutdownError.Failure] = []
            if let teardowns {
                failures = await Teardowns.run(UnitSlot.TeardownList(first: teardowns), ofUnit: unitNumber)
            }
            UnitOfWork.release(slots)
            return failures
        }
    }

    /// Hands what an ended unit owes to the one ending that settles it.
    private final class OwedBox: Sendable {
        // Safety: `owed` is set by `init` and taken once, by the ending's task, under `taken`.
        private nonisolated(unsafe) var owed: Owed?
        private let taken = Atomic(false)

        init(_ owed: Owed) { self.owed = owed }

        func take() -> Owed? {
            guard !taken.exchange(true, ordering: .acquiringAndReleasing) else { return nil }
            defer { owed = nil }
            return owed
        }
    }

    /// Ends the unit: no resolve reaches it any more; its teardowns run newest first, every one
    /// even after one throws; its instances are released.
    ///
    /// - Returns: The teardowns that threw.
    @usableFromInline
    nonisolated(nonsending) func end() async -> [DependencyShutdownError.Failure] {
        let owed = takeEverything()
        guard owed.teardowns != nil else {
            // Owes nothing: never listed, or taken off the list with what it owed by a shutdown.
            Self.release(owed.slots)
            return []
        }
        container.family.openUnits.remove(self)
        return await owed.settle()
    }

    /// Ends the unit as dropped, without awaiting its teardowns: they run at once in a task that
    /// the container tracks (its `shutdown()` awaits it). For a unit whose owner went away without
    /// closing it (a request whose response was never written).
    ///
    /// - Parameter report: Who receives the teardowns' failures; `nil` for the container's observers
    ///   (``DependencyContainer/addTeardownFailureObserver(_:)``) and its next `shutdown()`.
    package func endInBackground(reportingTo report: (@Sendable (DependencyShutdownError) -> Void)? = nil) {
        container.family.openUnits.remove(self)
        Self.endInBackground(takeEverything(), of: container, reportingTo: report)
    }

    /// Runs what a dropped unit owes in a task the container tracks; releases at once what owes no
    /// teardown.
    private static func endInBackground(
        _ owed: Owed,
        of container: DependencyContainer,
        reportingTo report: (@Sendable (DependencyShutdownError) -> Void)?
    ) {
        guard owed.teardowns != nil else {
            release(owed.slots)
            return
        }
        // Boxed, so that the ending lets go of the unit's instances when it has settled them, not
        // when its task is destroyed (a `shutdown()` that awaited it may look at once).
        let box = OwedBox(owed)
        container.family.endings.start(
            {
                guard let owed = box.take() else { return nil }
                let failures = await owed.settle()
                if failures.isEmpty { return nil }
                return DependencyShutdownError(
                    failures: failures, ending: "Ending unit of work #\(owed.unitNumber) (dropped without being closed)"
                )
            }, reportingTo: report)
    }

    /// Marks the unit ended and takes what it owes. Under the unit's lock; called at most once with
    /// anything to take.
    func takeEverything() -> Owed {
        lock.withLock {
            isEndedState = true
            defer {
                slots = nil
                teardowns = nil
            }
            return Owed(slots: slots, teardowns: teardowns, unitNumber: number)
        }
    }

    /// Gives back the unit's retain of each slot of a list it took.
    static func release(_ slots: Unmanaged<UnitSlot>?) {
        var next = slots
        while let slot = next {
            next = slot._withUnsafeGuaranteedRef { slot in
                defer {
                    slot.nextInUnit = nil
                    slot.nextToTearDown = nil
                }
                return slot.nextInUnit
            }
            slot.release()
        }
    }

    deinit {
        let (isEnded, mayBeListed) = lock.withLock { (isEndedState, hasOwedTeardowns) }
        if mayBeListed { container.family.openUnits.remove(self) }
        // A unit dropped without being closed (its owner forgot, or went away): its teardowns
        // still run, in a task the container tracks, and a failure reaches the container's
        // observer and its next shutdown.
        if !isEnded { Self.endInBackground(takeEverything(), of: container, reportingTo: nil) }
    }
}

/// The teardown of an instance built for a unit of work that ended while it was built, or taken by
/// an owner that had ended: it was never kept, and its resolve tears it down (see
/// `ResolutionEngine.lateInstance`).
struct LateTeardown: OwnedTeardown {
    let key: RegistrationKey
    let scope: DependencyContainerScope
    private let teardown: @Sendable () async throws -> Void

    init<Service>(of built: Service, built registration: Registration<Service>, in container: DependencyContainer) {
        key = registration.key
        scope = container.scope
        if let teardown = registration.teardown {
            self.teardown = TeardownHandOff.bind(teardown, to: built)
        } else {
            self.teardown = { @Sendable in }
        }
    }

    nonisolated(nonsending) func tearDown() async throws {
        try await teardown()
    }
}
