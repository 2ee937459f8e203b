/// The engine's side of a unit of work: the instances it keeps, found, built once and kept. Each
/// step is one transition of the unit's ``UnitOfWork/Life``, under the unit's lock; what follows
/// a transition (listing the unit on its family's open units) happens after the lock is given
/// back.
extension UnitOfWork {
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
        if let read = beginRead(of: ObjectIdentifier(registration)) {
            return read.endRead(copying: Service.self)
        }
        return try otherwise()
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
        withLife { life in
            switch life.slot(of: ObjectIdentifier(registration)) {
            case .ended:
                return nil
            case .found(let found):
                // Found before its instance is kept: this resolver may wait for the build, which
                // must then end through the registry.
                let slot = found.takeUnretainedValue()
                if slot.storage == nil { slot.isSought = true }
                return (slot, false)
            case .none:
                let slot = UnitSlot(registration: registration, scope: container.scope)
                let isClaimed =
                    resolver.map { ConstructionRegistry.claimUnpublished(slot, by: $0, in: container) } ?? false
                _ = life.add(slot)  // Open: it was found so under this same lock.
                return (slot, isClaimed)
            }
        }
    }

    /// Whether `slot`'s instance is built; for a claim, under the registry's lock.
    func isBuilt(_ slot: UnitSlot) -> Bool {
        withLife { _ in slot.storage != nil }
    }

    /// `slot`'s instance, which a claim found built: an instance, once kept, stays in its slot
    /// (even after the unit ended, for the resolvers that waited for its build and found it kept
    /// before the unit ended).
    ///
    /// - Parameter _: The registration's service type.
    func builtInstance<Service>(in slot: UnitSlot, as _: Service.Type) -> Service {
        beginRead(ofKept: slot).endRead(copying: Service.self)
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
        let (keeping, mustEndClaim) = withLife { life in
            let keeping = life.keep(built, in: slot)
            // Ended while it was built: nothing is kept or handed out, and the build ends as a
            // failure that its waiters share (`unitOfWorkEnded`).
            guard keeping != .refused, endingUnsoughtClaim, !slot.isSought else { return (keeping, true) }
            ConstructionRegistry.endUnsoughtClaim(slot)
            return (keeping, false)
        }
        switch keeping {
        case .refused:
            return (false, true)
        case .kept(let listsUnit):
            if listsUnit { container.family.openUnits.add(self) }
            return (true, mustEndClaim)
        }
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
        switch withLife({ $0.keep(built, in: slot) }) {
        case .refused:
            return false
        case .kept(let listsUnit):
            if listsUnit { self.container.family.openUnits.add(self) }
            return true
        }
    }
}
