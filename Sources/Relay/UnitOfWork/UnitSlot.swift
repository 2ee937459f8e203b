/// One `.unitOfWork` registration's place in one ``UnitOfWork``: its instance once built, and the
/// construction of it (so that its first build runs once per unit, through ``BuildOnce``, as an
/// edge of the one wait-for graph).
///
/// Not generic, so that making one and reading it need no runtime metadata lookup (a generic
/// class's metadata accessor cost about 300 instructions per slot): the instance lives in a raw
/// allocation of one `Service`, as a cached singleton's does (see `Registration.instance`), and the
/// slot keeps `Service`'s metatype to destroy it and tear it down: opened, it hands generic code
/// `Service`'s metadata as it is, with no lookup.
final class UnitSlot: Construction, OwnedTeardown, @unchecked Sendable {
    // Safety: `registration`, `registrationID`, `scope`, `serviceType` and `hasTeardown` are `let`s.
    // `storage`, `isSought`, `nextInUnit` and `nextToTearDown` are read and written only while the
    // owning unit's lock is held, or by the one taker of an ended unit's lists (`UnitOfWork.Owed`):
    // the links, under the unit's lock while it is open, then only by that taker (which clears
    // them in `UnitOfWork.release`); `storage`, written once, while it is nil and the unit open,
    // and read under the unit's lock even after the end. The construction state is
    // ConstructionRegistry's (see `Construction`); `claimUnpublished` and `endUnsoughtClaim` write it
    // under the unit's lock instead, for a slot no other resolver can reach yet.

    /// The registration whose instance this is: a `Registration<Service>` of the instance's type.
    /// Held, so that its identity, which the unit finds its slot by, is not reused while the unit
    /// lives.
    let registration: AnyRegistration

    /// The registration's identity, which the unit compares without touching reference counts.
    let registrationID: ObjectIdentifier

    /// The scope of the container that holds the registration, for a failed teardown's message.
    let scope: DependencyContainerScope

    /// The registration's service type: what `storage` holds.
    private let serviceType: Any.Type

    /// Whether the registration has a teardown to run when the unit ends.
    let hasTeardown: Bool

    /// The built instance: one initialised `Service`; `nil` until built. Set once. It points into
    /// `room` when the instance fits there, into an allocation of its own otherwise.
    @exclusivity(unchecked) var storage: UnsafeMutableRawPointer?

    /// Room for an instance of up to five words (a class reference, an existential `any P`, a small
    /// struct), so that most instances need no allocation of their own: a unit makes a slot per
    /// service it resolves, and a second allocation per slot was a tenth of opening a unit.
    ///
    /// Only ever reached through its address (``roomAddress``), which outlives the closure that
    /// took it. That relies on the compiler addressing a final class's stored property with no
    /// observers in place (the object never moves), which the language does not promise: so it is
    /// the runtime room's to trust (`PrivateRuntimeABI.inPlaceAddressIsTrusted`), checked on the
    /// first slot that keeps an instance (``roomIsTrustedOnceChecked()``). Where it is not
    /// trusted, `keep` allocates for every instance, and `deinit` frees what is not in the room.
    @exclusivity(unchecked) private var room: (UInt, UInt, UInt, UInt, UInt) = (0, 0, 0, 0, 0)

    /// Whether a resolver other than the slot's maker has found it before its instance was kept:
    /// one that may claim it, or wait for its build, through the registry.
    @exclusivity(unchecked) var isSought = false

    /// The unit's slot made before this one: the unit's slots form a list, newest first. Not a
    /// strong reference: the unit owns every slot of the list (one retain each, given back when it
    /// ends), so walking the list on the hot path touches no reference count.
    @exclusivity(unchecked) var nextInUnit: Unmanaged<UnitSlot>?

    /// The slot whose instance the unit tears down after this one's: the unit's teardowns form a
    /// list in the order the instances were published, newest first.
    @exclusivity(unchecked) var nextToTearDown: UnitSlot?

    init<Service>(registration: Registration<Service>, scope: DependencyContainerScope) {
        self.registration = registration
        self.registrationID = ObjectIdentifier(registration)
        self.scope = scope
        self.serviceType = Service.self
        self.hasTeardown = registration.teardown != nil
        super.init(key: registration.key)
    }

    /// Keeps `built` as the slot's instance. Call under the unit's lock, once, with the
    /// registration's own service type.
    func keep<Service>(_ built: Service) {
        assert(storage == nil, "a unit-of-work slot built twice")
        let raw: UnsafeMutableRawPointer
        if Self.fitsInRoom(Service.self), roomIsTrusted {
            raw = roomAddress
        } else {
            raw = .allocate(byteCount: MemoryLayout<Service>.size, alignment: MemoryLayout<Service>.alignment)
        }
        raw.initializeMemory(as: Service.self, to: built)
        storage = raw
    }

    /// The address of `room`, kept after the access that takes it: use it only where
    /// `PrivateRuntimeABI.inPlaceAddressIsTrusted` says so.
    @inline(__always)
    private var roomAddress: UnsafeMutableRawPointer {
        withUnsafeMutablePointer(to: &room) { UnsafeMutableRawPointer($0) }
    }

    /// Whether ``roomAddress`` may be kept: the runtime room's answer, checked on this slot the
    /// first time.
    @inline(__always)
    private var roomIsTrusted: Bool {
        if let known = PrivateRuntimeABI.inPlaceAddressIsTrusted { return known }
        return roomIsTrustedOnceChecked()
    }

    /// Checks, on this slot, whether ``roomAddress`` may be kept: the first slot that keeps an
    /// instance does (out of line: once per process).
    @inline(never)
    private func roomIsTrustedOnceChecked() -> Bool {
        PrivateRuntimeABI.checkInPlaceAddress { roomHolds(keeping: { $0.roomAddress }) }
    }

    /// Whether `storage` is in `room`: compared inside an access to `room`, where its address is
    /// valid whether or not it may be kept.
    private func isInRoom(_ storage: UnsafeMutableRawPointer) -> Bool {
        withUnsafeMutablePointer(to: &room) { UnsafeMutableRawPointer($0) == storage }
    }

    /// The check of ``roomAddress`` (`PrivateRuntimeABI.inPlaceAddressHolds`), on this slot's room,
    /// which nothing uses yet: whether the address that `keptAddress` takes is the room's own.
    private func roomHolds(keeping keptAddress: (UnitSlot) -> UnsafeMutableRawPointer) -> Bool {
        let kept = keptAddress(self)
        return withUnsafeMutablePointer(to: &room.0) { inside in
            PrivateRuntimeABI.inPlaceAddressHolds(kept: kept, inside: inside) { room.0 }
        }
    }

    /// The check of ``roomAddress`` on a slot made for it, for `RuntimeSelfChecks`: with the address
    /// Relay keeps, or, with `keepingPropertyAddress` false, with the address of a copy of the room.
    static func roomCheckPasses(keepingPropertyAddress: Bool) -> Bool {
        let probe = Registration<Int>(key: RegistrationKey(Int.self, name: nil), lifecycle: .unitOfWork) { _ in 0 }
        let slot = UnitSlot(registration: probe, scope: .global)
        guard !keepingPropertyAddress else { return slot.roomHolds(keeping: { $0.roomAddress }) }
        let copy = UnsafeMutablePointer<(UInt, UInt, UInt, UInt, UInt)>.allocate(capacity: 1)
        defer { copy.deallocate() }
        copy.initialize(to: slot.room)
        return slot.roomHolds(keeping: { _ in UnsafeMutableRawPointer(copy) })
    }

    /// Whether a `Service` fits in a slot's `room`, in size and alignment.
    @inline(__always)
    private static func fitsInRoom<Service>(_: Service.Type) -> Bool {
        MemoryLayout<Service>.size <= MemoryLayout<(UInt, UInt, UInt, UInt, UInt)>.size
            && MemoryLayout<Service>.alignment <= MemoryLayout<UInt>.alignment
    }

    /// A unit's teardown list, newest first, as ``Teardowns/run(_:ofUnit:)`` runs it.
    struct TeardownList: Sequence, Sendable {
        let first: UnitSlot?

        struct Iterator: IteratorProtocol {
            var upcoming: UnitSlot?

            mutating func next() -> UnitSlot? {
                defer { upcoming = upcoming?.nextToTearDown }
                return upcoming
            }
        }

        func makeIterator() -> Iterator { Iterator(upcoming: first) }
    }

    /// Runs the registration's teardown on the built instance. Call only after the unit has ended,
    /// on a slot of its teardown list (whose instance is built).
    @inline(__always)
    nonisolated(nonsending) func tearDown() async throws {
        guard hasTeardown, let storage else { return }
        try await Self.tearDown(serviceType, of: registration, at: storage)
    }

    /// Runs `registration`'s teardown on the `Service` at `storage`, with the metatype opened.
    @inline(__always)
    nonisolated(nonsending) private static func tearDown<Service>(
        _: Service.Type,
        of registration: AnyRegistration,
        at storage: UnsafeMutableRawPointer
    ) async throws {
        // Safe: a slot is made for a `Registration` of its own service type (see `init`).
        guard let teardown = unsafeDowncast(registration, to: Registration<Service>.self).teardown else { return }
        try await TeardownHandOff.run(teardown, on: storage.assumingMemoryBound(to: Service.self).pointee)
    }

    deinit {
        // The unit has let go of the slot, and so has every resolver: nothing can read it now.
        if let storage {
            Self.destroy(serviceType, at: storage, freeing: !isInRoom(storage))
        }
    }

    /// Destroys the `Service` at `storage`, and frees it when it has an allocation of its own:
    /// called with the metatype opened, so that it receives `Service`'s metadata as it is, with no
    /// lookup. Whether it is in the room is read from where it is, not from its size: an instance
    /// that fits was kept apart all the same where the room's address was not trusted.
    private static func destroy<Service>(_: Service.Type, at storage: UnsafeMutableRawPointer, freeing: Bool) {
        let instance = storage.assumingMemoryBound(to: Service.self)
        instance.deinitialize(count: 1)
        if freeing {
            instance.deallocate()
        }
    }
}
