/// One `.unitOfWork` registration's place in one ``UnitOfWork``: its instance once built, and the
/// construction of it (so that its first build runs once per unit, through ``BuildOnce``, as an
/// edge of the one wait-for graph).
///
/// Untyped, so that the unit can find a slot and copy its instance out without the runtime
/// metadata of a generic type: the instance lives in a raw allocation of one `Service`, as a cached
/// singleton's does (see `Registration.instance`), and only the typed subclass, ``TypedUnitSlot``,
/// knows how to destroy it and tear it down.
class UnitSlot: Construction, @unchecked Sendable {
    // Safety: `registration` and `scope` are `let`s. `storage`, `nextInUnit` and `nextToTearDown`
    // are read and written only while the owning unit's lock is held, or by `UnitOfWork.end()` and
    // `abandon()` after the unit has ended, when nothing writes them any more (a slot is written
    // only while its unit is open, and `storage` only while it is nil). The construction state is
    // ConstructionRegistry's (see `Construction`).

    /// The registration whose instance this is. Held, so that its identity, which the unit finds
    /// its slot by, is not reused while the unit lives.
    let registration: AnyRegistration

    /// The registration's identity, which the unit compares without touching reference counts.
    let registrationID: ObjectIdentifier

    /// The scope of the container that holds the registration, for a failed teardown's message.
    let scope: DependencyContainerScope

    /// The built instance: one initialised `Service`; `nil` until built. Set once.
    @exclusivity(unchecked) final var storage: UnsafeMutableRawPointer?

    /// The unit's slot made before this one: the unit's slots form a list, newest first. Not a
    /// strong reference: the unit owns every slot of the list (one retain each, given back when it
    /// ends), so walking the list on the hot path touches no reference count.
    @exclusivity(unchecked) final var nextInUnit: Unmanaged<UnitSlot>?

    /// The slot whose instance the unit tears down after this one's: the unit's teardowns form a
    /// list in the order the instances were published, newest first.
    @exclusivity(unchecked) final var nextToTearDown: UnitSlot?

    init(registration: AnyRegistration, scope: DependencyContainerScope) {
        self.registration = registration
        self.registrationID = ObjectIdentifier(registration)
        self.scope = scope
        super.init(key: registration.key)
    }

    /// Whether the registration has a teardown to run when the unit ends.
    var hasTeardown: Bool { false }

    /// Runs the registration's teardown on the built instance. Call only after the unit has ended,
    /// on a slot of its teardown list (whose instance is built).
    nonisolated(nonsending) func tearDown() async throws {}
}

/// A ``UnitSlot`` of a registration of `Service`: keeps, destroys and tears down its instance.
final class TypedUnitSlot<Service>: UnitSlot, @unchecked Sendable {
    // Safety: as for UnitSlot; this subclass adds no stored state.

    init(registration: Registration<Service>, scope: DependencyContainerScope) {
        super.init(registration: registration, scope: scope)
    }

    private var typedRegistration: Registration<Service> {
        // Safe: made only from a `Registration<Service>`.
        unsafeDowncast(registration, to: Registration<Service>.self)
    }

    override var hasTeardown: Bool { typedRegistration.teardown != nil }

    /// The built instance; `nil` until built. Call under the unit's lock.
    var instance: Service? {
        storage?.assumingMemoryBound(to: Service.self).pointee
    }

    /// Keeps `built` as the slot's instance. Call under the unit's lock, once.
    func keep(_ built: Service) {
        assert(storage == nil, "a unit-of-work slot built twice")
        // Raw, rather than `UnsafeMutablePointer<Service>.initialize(to:)`: a second generic caller
        // of that one made the compiler stop inlining it into `Registration.cache` (measured: nine
        // instructions more per singleton built).
        let raw = UnsafeMutableRawPointer.allocate(
            byteCount: MemoryLayout<Service>.size, alignment: MemoryLayout<Service>.alignment)
        raw.initializeMemory(as: Service.self, to: built)
        storage = raw
    }

    nonisolated(nonsending) override func tearDown() async throws {
        guard let teardown = typedRegistration.teardown, let storage else { return }
        try await teardown(storage.assumingMemoryBound(to: Service.self).pointee)
    }

    deinit {
        // The unit has let go of the slot, and so has every resolver: nothing can read it now.
        if let storage {
            let instance = storage.assumingMemoryBound(to: Service.self)
            instance.deinitialize(count: 1)
            instance.deallocate()
        }
    }
}
