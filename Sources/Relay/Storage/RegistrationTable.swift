/// The registrations of one container, reachable only while its lock is held.
///
/// What the table holds, ``Contents``, has no other way in than three views, each of which takes
/// the lock for its whole use:
///
/// - ``withRead(_:)`` for readers: any number at once, each on its own stripe of the lock;
/// - ``withWrite(_:)`` for writers: alone;
/// - ``beginRead()`` for the resolve hot path, which must hand a copied-out instance back without
///   a closure in the way: a non-copyable ``ReadAccess`` that the table's lookups ask for as proof,
///   ended (and unlocked) at most once by ``endRead(_:)``.
///
/// The cached instances inside each registration follow the same rule (see ``Registration``):
/// read with the table read, written with it written.
final class RegistrationTable: @unchecked Sendable {
    // Safety: `contents` is touched only inside `withRead` and while a `ReadAccess` lives (holding a stripe of
    // `lock`, which excludes writers) and inside `withWrite` (holding every stripe, which excludes
    // everyone). Readers only read. So no access to `contents` races.

    private let lock = ReadMostlyLock()

    /// Exclusivity is unchecked: `lock` already serialises writers against everyone.
    @exclusivity(unchecked) private var contents = Contents()

    /// Runs `body` with the contents, holding the calling thread's read stripe.
    ///
    /// `body` must not call user code or take this table's lock again.
    @inline(__always)
    func withRead<Result>(_ body: (borrowing Contents) throws -> Result) rethrows -> Result {
        let stripe = lock.lockRead()
        defer { lock.unlockRead(stripe) }
        return try body(contents)
    }

    /// Runs `body` with the contents, holding every stripe.
    ///
    /// `body` must not call user code, nor release anything whose deinit might: hand such things
    /// out, and let them go after unlocking.
    func withWrite<Result>(_ body: (inout Contents) throws -> Result) rethrows -> Result {
        try lock.withWriteLock { try body(&contents) }
    }

    /// Takes the calling thread's read stripe until ``endRead(_:)`` is given the returned access.
    @inline(__always)
    func beginRead() -> ReadAccess {
        ReadAccess(stripe: lock.lockRead())
    }

    /// The registration of `key`, unretained: valid until `access` ends.
    @inline(__always)
    func unretainedRegistration(
        for key: RegistrationKey,
        during access: borrowing ReadAccess
    ) -> Unmanaged<AnyRegistration>? {
        contents.unretainedRegistration(for: key)
    }

    /// Gives back the stripe of a read.
    @inline(__always)
    func endRead(_ access: consuming ReadAccess) {
        lock.unlockRead(access.stripe)
    }

    /// Copies the service stored at `storage` out, then gives back the stripe of a read: the copy
    /// (and its retain) happens while the lock still keeps a writer from freeing the storage.
    ///
    /// One step rather than a copy followed by ``endRead(_:)``, so that the copy goes straight into
    /// the caller's return value rather than through a local, which unspecialised code would copy
    /// again (a retain and a release more per cached resolve).
    @inline(__always)
    func endRead<Service>(
        _ access: consuming ReadAccess,
        copying storage: UnsafeMutableRawPointer,
        as _: Service.Type
    ) -> Service {
        defer { lock.unlockRead(access.stripe) }
        return storage.assumingMemoryBound(to: Service.self).pointee
    }

    /// Ends `inner`, a read of another lock's that started inside the stripe, with `end`, which
    /// copies its value out and gives that lock back; then gives back the stripe of a read: in one
    /// step, for the reason given above, and in the order locks nest.
    @inline(__always)
    func endRead<Inner: ~Copyable, Result>(
        _ access: consuming ReadAccess,
        after inner: consuming Inner,
        _ end: (consuming Inner) -> Result
    ) -> Result {
        defer { lock.unlockRead(access.stripe) }
        return end(inner)
    }

    /// A read of a table in progress, for the hot path: proof, to the table's methods that take
    /// one, that the caller holds a read stripe.
    ///
    /// Non-copyable, so it cannot be ended twice or used after it ends. It holds no reference to
    /// its table, so making one costs no reference counting; `beginRead` and `endRead` pair on the
    /// same table, in one function.
    struct ReadAccess: ~Copyable {
        fileprivate let stripe: ReadMostlyLock.Stripe
    }

    /// What a table holds: the registrations by key, and their order.
    struct Contents: ~Copyable {
        /// The unnamed registrations, by type: the lookup nearly every resolve makes, so it hashes
        /// one word with one multiplication.
        private var unnamed = TypeTable()

        /// The named registrations, by type and name.
        private var named = NameTable()

        /// The keys of each type's named registrations, in registration order, for `resolveAll`.
        private var namedKeysByType: [ObjectIdentifier: [RegistrationKey]] = [:]

        /// The keys of every registration in registration order, for `start()` and messages.
        private var orderedKeys: [RegistrationKey] = []

        /// Every registration replaced here, kept for as long as the table: a build that found one
        /// before it was replaced may still be running its factory. So a registration this table
        /// ever held lives as long as the table, and the resolve path reaches it unretained (a
        /// retain and a release saved per build, the largest single cost a transient build had).
        /// Its cached instance is not kept: a replacement takes it (see ``insert(_:)``).
        private var retired: [AnyRegistration] = []

        // MARK: - Reading

        /// The registration of `key`, unretained: valid only while the lock is held, which is all
        /// the hot path needs to copy a cached singleton out, and spares it a retain and a release
        /// of the registration, which threads resolving the same type would contend on.
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

        /// Every registration, in registration order.
        var allRegistrations: [AnyRegistration] {
            orderedKeys.compactMap { registration(for: $0) }
        }

        /// Whether `registration` is still the one its key maps to (not replaced while it was
        /// building), itself or through the spy that wraps it.
        func isCurrent(_ registration: AnyRegistration) -> Bool {
            guard let current = unretainedRegistration(for: registration.key) else { return false }
            if current.toOpaque() == Unmanaged.passUnretained(registration).toOpaque() { return true }
            // A spy's real registration stays current through the spy that replaced it; asked only
            // of a replaced registration, so the lookup costs the common path nothing.
            return current._withUnsafeGuaranteedRef { SpiedRegistration.isWrapped(registration, by: $0) }
        }

        // MARK: - Writing

        /// Adds or replaces a registration. Returns what the caller must release after unlocking,
        /// in case a deinit resolves: the replaced registration's cached instance, and, when it
        /// was a spy, the instance of the registration it wrapped (see ``retire(_:for:keeping:)``). The
        /// replaced registration itself is retired, not released (see `retired`).
        mutating func insert(_ registration: AnyRegistration) -> Any? {
            let key = registration.key
            let replaced =
                key.name == nil
                ? unnamed.set(registration, for: key.type)
                : named.set(registration)
            if let replaced {
                // A replacement keeps the place of what it replaces, in `resolveAll` and `start()`.
                registration.position = replaced.position
                retired.append(replaced)
                let instance = replaced.takeCachedInstance()
                // A program that never made a spy (every program not driver-tested) asks no more.
                guard SpiedRegistration.anyMade else { return instance }
                return retire(replaced, for: registration, keeping: instance)
            }
            registration.position = orderedKeys.count
            if key.name != nil {
                namedKeysByType[key.type, default: []].append(key)
            }
            orderedKeys.append(key)
            return nil
        }

        /// What retiring `replaced` in favour of `registration` lets go of besides `instance`, its
        /// cached instance: for a spy, the instances cached by the registrations it builds through
        /// (what it wraps, and so on down a chain of spies) that this table retired, as it takes a
        /// replaced registration's own. Left alone: the registration coming back (a re-wiring reset
        /// re-adds the one it saved), everything when the new registration is a spy over the spy,
        /// and what another table holds (a scope's spy over its root's registration). Out of line:
        /// asked only in a program that made a spy.
        @inline(never)
        private func retire(_ replaced: AnyRegistration, for registration: AnyRegistration, keeping instance: Any?)
            -> Any?
        {
            var released: [Any?] = [instance]
            for wrapped in SpiedRegistration.wrapped(by: replaced, replacedBy: registration)
            where wrapped !== registration && retired.contains(where: { $0 === wrapped }) {
                released.append(wrapped.takeCachedInstance())
            }
            return released
        }

        /// The registration under `key`, or a new one from `make` added under it.
        mutating func registration<Service>(
            for key: RegistrationKey,
            orInsert make: () -> Registration<Service>
        ) -> Registration<Service> {
            if let existing = registration(for: key) {
                // Safe: a table stores under a key only a registration of the key's type.
                return unsafeDowncast(existing, to: Registration<Service>.self)
            }
            let made = make()
            _ = insert(made)
            return made
        }

        /// Drops every cached instance and hands them back to be released after unlocking.
        func takeCachedInstances() -> [Any] {
            orderedKeys.compactMap { registration(for: $0)?.takeCachedInstance() }
        }
    }
}
