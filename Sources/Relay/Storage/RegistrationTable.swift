/// The registrations of one container, behind a lock that readers do not contend on.
final class RegistrationTable: @unchecked Sendable {
    // Safety: every stored property below `lock` is read only inside `lock.withReadLock` or
    // `lock.withWriteLock` and written only inside `lock.withWriteLock`, and the cached instances
    // inside each registration follow the same rule (see `Registration`). A write lock excludes
    // every reader, so no access races.

    let lock = ReadMostlyLock()

    /// The unnamed registrations, by type: the lookup nearly every resolve makes, so it hashes one
    /// word with one multiplication. Exclusivity is unchecked: `lock` serialises access.
    @exclusivity(unchecked) private var unnamed = TypeTable()

    /// The named registrations, by type and name.
    @exclusivity(unchecked) private var named = NameTable()

    /// The keys of each type's named registrations, in registration order, for `resolveAll`.
    private var namedKeysByType: [ObjectIdentifier: [RegistrationKey]] = [:]

    /// The keys of every registration in registration order, for `start()` and messages.
    private var orderedKeys: [RegistrationKey] = []

    // MARK: - Reading (call under the read lock)

    /// The registration of `key`, unretained: valid only while the read lock is held, which is all
    /// the hot path needs to copy a cached singleton out, and spares it a retain and a release of
    /// the registration, which threads resolving the same type would contend on.
    @inline(__always)
    func unretainedRegistration(for key: RegistrationKey) -> Unmanaged<AnyRegistration>? {
        guard let name = key.name else { return unnamed.registration(for: key.type) }
        return named.registration(for: key.type, name: name)
    }

    /// The registration of `key`, if any.
    func registration(for key: RegistrationKey) -> AnyRegistration? {
        unretainedRegistration(for: key)?.takeUnretainedValue()
    }

    /// Every registration of `type`, unnamed and named, in registration order.
    func registrations(of type: ObjectIdentifier) -> [AnyRegistration] {
        var found = namedKeysByType[type, default: []].compactMap { registration(for: $0) }
        if let unnamed = unnamed.registration(for: type)?.takeUnretainedValue() {
            found.append(unnamed)
        }
        return found.sorted { $0.position < $1.position }
    }

    var allRegistrations: [AnyRegistration] {
        orderedKeys.compactMap { registration(for: $0) }
    }

    // MARK: - Writing (call under the write lock)

    /// Adds or replaces a registration. Returns what the caller must release after unlocking, in
    /// case a deinit resolves: the replaced registration and its cached instance.
    func insert(_ registration: AnyRegistration) -> (registration: AnyRegistration, instance: Any?)? {
        let key = registration.key
        let replaced =
            key.name == nil
            ? unnamed.set(registration, for: key.type)
            : named.set(registration)
        if let replaced {
            // A replacement keeps the place of what it replaces, in `resolveAll` and `start()`.
            registration.position = replaced.position
            return (replaced, replaced.takeCachedInstance())
        }
        registration.position = orderedKeys.count
        if key.name != nil {
            namedKeysByType[key.type, default: []].append(key)
        }
        orderedKeys.append(key)
        return nil
    }

    /// The registration under `key`, or a new one from `make` added under it.
    func registration<Service>(
        for key: RegistrationKey,
        orInsert make: () -> Registration<Service>
    ) -> Registration<Service> {
        if let existing = registration(for: key) {
            return unsafeDowncast(existing, to: Registration<Service>.self)
        }
        let made = make()
        _ = insert(made)
        return made
    }

    /// Whether `registration` is still the one its key maps to (not replaced while it was building).
    func isCurrent(_ registration: AnyRegistration) -> Bool {
        unretainedRegistration(for: registration.key)?.toOpaque() == Unmanaged.passUnretained(registration).toOpaque()
    }

    /// Drops every cached instance and hands them back to be released after unlocking.
    func takeCachedInstances() -> [Any] {
        orderedKeys.compactMap { registration(for: $0)?.takeCachedInstance() }
    }
}
