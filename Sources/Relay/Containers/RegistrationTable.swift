/// The registrations of one container, behind a lock that readers do not contend on.
final class RegistrationTable: @unchecked Sendable {
    // Safety: every stored property below `lock` is read only inside `lock.withReadLock` or
    // `lock.withWriteLock` and written only inside `lock.withWriteLock`, and the cached instances
    // inside each registration follow the same rule (see `Registration`). A write lock excludes
    // every reader, so no access races.

    let lock = ReadMostlyLock()

    /// Every registration, by type and name. Exclusivity is unchecked: `lock` serialises access.
    @exclusivity(unchecked) private var registrations: [RegistrationKey: AnyRegistration] = [:]

    /// The unnamed registrations again, by type alone, so the common lookup hashes one word
    /// rather than a key with an optional string.
    @exclusivity(unchecked) private var unnamed = TypeTable()

    /// The keys of each type in registration order, for `resolveAll`.
    private var keysByType: [ObjectIdentifier: [RegistrationKey]] = [:]

    /// The keys of every registration in registration order, for `start()` and messages.
    private var orderedKeys: [RegistrationKey] = []

    // MARK: - Reading (call under the read lock)

    @inline(__always)
    func registration(for key: RegistrationKey) -> AnyRegistration? {
        key.name == nil ? unnamed.registration(for: key.type) : registrations[key]
    }

    func registrations(of type: ObjectIdentifier) -> [AnyRegistration] {
        keysByType[type, default: []].compactMap { registrations[$0] }
    }

    var allRegistrations: [AnyRegistration] {
        orderedKeys.compactMap { registrations[$0] }
    }

    // MARK: - Writing (call under the write lock)

    /// Adds or replaces a registration, and hands back the replaced one's cached instance so the
    /// caller releases it after unlocking.
    func insert(_ registration: AnyRegistration) -> Any? {
        let key = registration.key
        let replaced = registrations.updateValue(registration, forKey: key)
        if key.name == nil {
            unnamed.set(registration, for: key.type)
        }
        if let replaced {
            return replaced.takeCachedInstance()
        }
        keysByType[key.type, default: []].append(key)
        orderedKeys.append(key)
        return nil
    }

    /// The registration under `key`, or a new one from `make` added under it.
    func registration<Service>(
        for key: RegistrationKey,
        orInsert make: () -> Registration<Service>
    ) -> Registration<Service> {
        if let existing = registrations[key] {
            return unsafeDowncast(existing, to: Registration<Service>.self)
        }
        let made = make()
        _ = insert(made)
        return made
    }

    /// Whether `registration` is still the one its key maps to (not replaced while it was building).
    func isCurrent(_ registration: AnyRegistration) -> Bool {
        registrations[registration.key] === registration
    }

    /// Drops every cached instance and hands them back to be released after unlocking.
    func takeCachedInstances() -> [Any] {
        orderedKeys.compactMap { registrations[$0]?.takeCachedInstance() }
    }
}
