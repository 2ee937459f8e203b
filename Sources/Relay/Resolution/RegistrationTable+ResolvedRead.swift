extension RegistrationTable {
    /// The one read of a cached instance by key: the instance `key` maps to in this table, copied
    /// out under the calling thread's read stripe, or, for a `.unitOfWork` registration, the
    /// instance the current unit built, copied out under the unit's lock; otherwise what
    /// `notBuilt` makes of its registration, or what `notRegistered` returns when the table has no
    /// registration of `key`.
    ///
    /// Every resolve's cached read by key goes through here (an override's own lookups read their
    /// layer's registrations directly). The registration and the
    /// instance are reached through unretained references while the stripe is held, and the
    /// instance is copied straight into the return value: a cached read retains nothing but the
    /// instance it returns, and holds no `Service?` (whose metadata unspecialised code would look
    /// up in the runtime on every call). A registration not built is handed to `notBuilt`
    /// unretained as well: the table keeps every registration it ever held, replaced ones too,
    /// for as long as it lives (``Contents``), and the caller's container holds the table.
    ///
    /// Part of the engine, not of `Storage`: it reads the lifecycle's step and units of work, which
    /// the table knows nothing of.
    @inline(__always)
    func cachedInstance<Service, Failure: Error>(
        of key: RegistrationKey,
        as _: Service.Type,
        notBuilt: (Unmanaged<AnyRegistration>) throws(Failure) -> Service,
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
        // keeps the registration alive: no retain of it, none of the engine's frames. The unit's
        // read (its lock, a `UnitOfWork.ReadAccess`) starts and ends inside the stripe.
        if found._withUnsafeGuaranteedRef({ $0.lifecycleStep == .buildInUnit }),
            let unitRead = UnitOfWork.beginReadInCurrentUnit(of: ObjectIdentifier(found.takeUnretainedValue()))
        {
            return endRead(access, after: unitRead) { $0.endRead(copying: Service.self) }
        }
        // Not retained: a concurrent replacement retires it rather than releasing it.
        endRead(access)
        return try notBuilt(found)
    }
}
