extension RegistrationTable {
    /// The one read of a cached instance: the instance `key` maps to in this table, copied out
    /// under the calling thread's read stripe; or, when it is not built yet, what `notBuilt` makes
    /// of its registration; or what `notRegistered` returns when the table has no registration of
    /// `key`.
    ///
    /// Everything that reads a cached instance by key goes through here. The registration and the
    /// instance are reached through unretained references while the stripe is held, and the
    /// instance is copied straight into the return value: a cached read retains nothing but the
    /// instance it returns, and holds no `Service?` (whose metadata unspecialised code would look
    /// up in the runtime on every call). The registration handed to `notBuilt` is retained before
    /// unlocking, so it outlives a concurrent replacement.
    @inline(__always)
    func cachedInstance<Service, Failure: Error>(
        of key: RegistrationKey,
        as _: Service.Type,
        notBuilt: (AnyRegistration) throws(Failure) -> Service,
        notRegistered: () throws(Failure) -> Service
    ) throws(Failure) -> Service {
        let access = beginRead()
        guard let found = unretainedRegistration(for: key, during: access) else {
            endRead(access)
            return try notRegistered()
        }
        if let cached = found._withUnsafeGuaranteedRef({ $0.cachedStorage }) {
            return endRead(access, copying: cached, as: Service.self)
        }
        // A unit-of-work instance built in the current unit is read here too, while the stripe
        // keeps the registration alive: no retain of it, none of the engine's frames.
        if found._withUnsafeGuaranteedRef({ $0.lifecycleStep == .buildInUnit }),
            let built = UnitOfWork.lockedStorageInCurrentUnit(of: ObjectIdentifier(found.takeUnretainedValue()))
        {
            return endRead(access, copying: built.storage, as: Service.self, unlocking: built.unit)
        }
        let registration = found.takeUnretainedValue()
        endRead(access)
        return try notBuilt(registration)
    }

    /// The cached instance of `registration`, one of this table's, copied out under the read
    /// stripe; what `otherwise` returns when none is cached (or it was replaced meanwhile and its
    /// instance dropped).
    @inline(__always)
    func cachedInstance<Service, Failure: Error>(
        of registration: Registration<Service>,
        otherwise: () throws(Failure) -> Service
    ) throws(Failure) -> Service {
        let access = beginRead()
        if let cached = registration.cachedStorage {
            return endRead(access, copying: cached, as: Service.self)
        }
        endRead(access)
        return try otherwise()
    }
}
