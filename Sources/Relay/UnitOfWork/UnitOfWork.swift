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

    /// Guards the unit's ``Life``. A lock of one word, inline: a resolve of a built instance takes
    /// it once, and opening a unit allocates nothing for it. A leaf: nothing else is taken while it
    /// is held. Taken only in this file: by ``withLife(_:)``, and by a ``ReadAccess``, the token
    /// that a read of a built instance holds from its start to its end.
    fileprivate let lock = SpinLock()

    /// What the unit holds, and whether it has ended: one state (see ``Life``).
    ///
    /// Safety: read and written only while `lock` is held. Exclusivity is unchecked because the
    /// lock already serialises every access. (A plain field under the lock: an `Atomic` ended
    /// flag, read on the built-instance path, cost that path 30 instructions, measured.)
    @exclusivity(unchecked) fileprivate nonisolated(unsafe) var life = Life()

    /// Where the unit is on its family's list of open units (`OpenUnits`).
    ///
    /// Safety: read and written only while the lock of the family's `OpenUnits` is held.
    @exclusivity(unchecked) nonisolated(unsafe) var listing = OpenUnits.Listing.unlisted

    private static let counter = Atomic<Int>(0)

    init(container: DependencyContainer, parent: UnitOfWork?) {
        self.container = container
        self.parent = parent
        // Looked up only when it can matter: the captive check skips the frames counted here, and
        // while no longer-lived async factory runs anywhere, none of them can be one that would hold
        // a unit-of-work instance (a frame's lifecycle never changes).
        self.asyncDepthAtOpen = AsyncResolutionPath.mayHoldUnitInstances ? AsyncResolutionPath.current.count : 0
        self.number = Self.counter.add(1, ordering: .relaxed).newValue
        Self.noteCurrentKey()
    }

    deinit {
        // A unit dropped without being closed (its owner forgot, or went away): its teardowns
        // still run, in a task the container tracks, and a failure reaches the container's
        // observer and its next shutdown.
        switch withLife({ $0.end() }) {
        case .endedBefore(let mayBeListed):
            if mayBeListed { container.family.openUnits.remove(self) }
        case .endsNow(let slots, let teardowns):
            if teardowns != nil { container.family.openUnits.remove(self) }
            Self.endInBackground(
                Owed(slots: slots, teardowns: teardowns, unitNumber: number), of: container, reportingTo: nil)
        }
    }

    /// Whether the unit has ended: its instances are torn down, and resolving in it is an error.
    public var isEnded: Bool {
        withLife { $0.isEnded }
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

    /// The error a resolve through this unit throws once it has ended.
    @usableFromInline
    func endedError<Service>(resolving _: Service.Type, name: String?) -> DependencyResolutionError {
        DependencyResolutionError(
            code: .unitOfWorkEnded, requested: RegistrationKey(Service.self, name: name), scope: container.scope,
            path: [RegistrationKey(Service.self, name: name).description])
    }

    // MARK: - The unit's lock

    /// Runs `body` on the unit's life, holding the unit's lock: `body` reads or writes the life
    /// (and the slots it hands over) and returns what to do after the lock is given back. It must
    /// take no other lock and run no user code.
    @inline(__always)
    func withLife<Result>(_ body: (inout Life) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&life)
    }

    /// A read of an instance the unit keeps, in progress: the unit's lock, taken by the read's
    /// start (``beginRead(of:in:)``, ``beginRead(of:)``, ``beginRead(ofKept:)``) and given back
    /// by ``endRead(copying:)``, which copies the instance out first, straight into the caller's
    /// return value, while the lock keeps the unit from ending and releasing it.
    ///
    /// Non-copyable, as the table's own ``RegistrationTable/ReadAccess`` is, and made only here:
    /// the lock cannot be given back without being taken (nothing else unlocks it), nor twice
    /// (the token is consumed). And not kept held: a token dropped without being ended gives the
    /// lock back in its `deinit`. It holds its unit unretained: the caller holds the unit for as
    /// long as the read lasts (a unit is current only while the binding that made it so holds it).
    struct ReadAccess: ~Copyable {
        private let unit: Unmanaged<UnitOfWork>
        private let storage: UnsafeMutableRawPointer

        /// A read of the instance at `storage`: the caller has just taken `unit`'s lock.
        fileprivate init(lockedUnit unit: Unmanaged<UnitOfWork>, storage: UnsafeMutableRawPointer) {
            self.unit = unit
            self.storage = storage
        }

        /// Copies the `Service` out of the unit, then gives back the unit's lock: in one step, so
        /// that the copy goes straight into the caller's return value (through a local,
        /// unspecialised code would copy it again: a retain and a release more per read).
        ///
        /// - Parameter _: The registration's service type: what the slot holds.
        @inline(__always)
        consuming func endRead<Service>(copying _: Service.Type) -> Service {
            let (unit, storage) = (self.unit, self.storage)
            discard self
            defer { unit._withUnsafeGuaranteedRef { $0.lock.unlock() } }
            return storage.assumingMemoryBound(to: Service.self).pointee
        }

        deinit {
            unit._withUnsafeGuaranteedRef { $0.lock.unlock() }
        }
    }

    /// Starts a read of the instance of the registration identified by `id` in `unit`: the unit's
    /// lock held, until the read ends; `nil` (no lock held) when the unit has none built or has
    /// ended.
    @inline(__always)
    static func beginRead(of id: ObjectIdentifier, in unit: Unmanaged<UnitOfWork>) -> ReadAccess? {
        guard let storage = unit._withUnsafeGuaranteedRef({ $0.lockedStorage(of: id) }) else { return nil }
        return ReadAccess(lockedUnit: unit, storage: storage)
    }

    /// Starts a read of the instance of the registration identified by `id` in this unit; see
    /// ``beginRead(of:in:)``.
    @inline(__always)
    func beginRead(of id: ObjectIdentifier) -> ReadAccess? {
        Self.beginRead(of: id, in: Unmanaged.passUnretained(self))
    }

    /// Starts a read of `slot`'s instance, which a claim found kept: an instance, once kept, stays
    /// in its slot (even after the unit ended, for the resolvers that waited for its build and
    /// found it kept before the unit ended).
    func beginRead(ofKept slot: UnitSlot) -> ReadAccess {
        lock.lock()
        guard let storage = slot.storage else {
            lock.unlock()
            preconditionFailure("a unit-of-work instance read before it was kept")
        }
        return ReadAccess(lockedUnit: Unmanaged.passUnretained(self), storage: storage)
    }

    /// The storage of the instance of the registration identified by `id`, with the unit's lock
    /// held; `nil`, with the lock given back, when the unit has none built or has ended. For the
    /// start of a ``ReadAccess`` only.
    @inline(__always)
    private func lockedStorage(of id: ObjectIdentifier) -> UnsafeMutableRawPointer? {
        lock.lock()
        if let storage = life.storage(of: id) { return storage }
        lock.unlock()
        return nil
    }
}
