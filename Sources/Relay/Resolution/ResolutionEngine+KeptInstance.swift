/// Where a built-once instance (a singleton, eager singleton or weak instance) is kept, for both
/// fronts' ``BuildOnce`` drivers: kept as it is built, with its teardown recorded in the same write,
/// and read back by a claim that finds it kept.
extension ResolutionEngine {
    /// Keeps what a singleton, eager singleton or weak registration built, for both fronts'
    /// ``BuildOnce`` drivers: checked first when it is to be held weakly, then cached.
    @inline(__always)
    static func keep<Service>(
        _ built: Service,
        in registration: Registration<Service>,
        of container: DependencyContainer
    ) throws -> BuildOnce.Kept {
        if registration.lifecycle == .weak {
            try requireObject(built, for: registration, in: container)
        }
        cacheIfCurrent(built, in: registration, of: container)
        return .claimOpen
    }

    /// Keeps what a registration built, unless the registration was replaced while it built: then
    /// the caller hands out what it built, uncached. Either way its teardown is the container's:
    /// an instance handed out is never left without an owner, and `shutdown()` ends it.
    static func cacheIfCurrent<Service>(
        _ built: Service,
        in registration: Registration<Service>,
        of container: DependencyContainer
    ) {
        // The teardown is recorded under the same write lock that publishes the instance: a
        // dependent built from the cached instance by another thread records its own teardown only
        // after this one, so shutdown, running the log backwards, never closes a dependency first.
        // Anything replaced is released here, after unlocking, in case its deinit resolves.
        let table = container.table
        let replaced = table.withWrite { contents -> Any? in
            let isCurrent = contents.isCurrent(registration)
            let replaced = isCurrent ? registration.cache(built) : nil
            if let teardown = registration.teardown, registration.lifecycle.isCached {
                // A replaced registration's instance too (re-wiring under live traffic): its
                // teardown finds it uncached, and only ends it.
                container.family.teardowns.record(
                    PendingTeardown(
                        of: built, built: registration, in: table, scope: container.scope, teardown: teardown))
            }
            return replaced
        }
        withExtendedLifetime(replaced) {}
    }

    /// Checks that what a `.weak` factory built can be held weakly: for the synchronous and the
    /// async build alike. Out of line: it handles the service as `Any`, which only the rare `.weak`
    /// lifecycle should pay for.
    @inline(never)
    static func requireObject<Service>(
        _ built: Service,
        for registration: Registration<Service>,
        in container: DependencyContainer
    ) throws {
        guard type(of: built as Any) is AnyClass else {
            throw DependencyResolutionError(
                code: .weakNeedsObject, requested: registration.key, scope: container.scope,
                path: pathDescriptions(on: .current) + [registration.key.description])
        }
    }

    /// The instance `registration` keeps (cached, or weakly held and still alive); what
    /// `otherwise` returns when it keeps none.
    @inline(__always)
    static func keptInstance<Service, Failure: Error>(
        of registration: Registration<Service>,
        in table: RegistrationTable,
        otherwise: () throws(Failure) -> Service
    ) throws(Failure) -> Service {
        if registration.lifecycle == .weak {
            return try liveWeakInstance(of: registration, in: table, otherwise: otherwise)
        }
        return try table.cachedInstance(of: registration, otherwise: otherwise)
    }

    /// The instance `registration` keeps; throws ``BuildOnce/Vanished`` when it keeps none (for a
    /// claim that found one: it went away since).
    @inline(__always)
    static func keptInstance<Service>(
        of registration: Registration<Service>,
        in table: RegistrationTable
    ) throws(BuildOnce.Vanished) -> Service {
        try keptInstance(of: registration, in: table) { () throws(BuildOnce.Vanished) in throw BuildOnce.Vanished() }
    }

    /// The live weak instance of `registration`, or what `otherwise` returns when there is none.
    ///
    /// Out of line, as everything that handles a `Service?`: unspecialised code looks its metadata
    /// up in the runtime on entry to any function that holds one, and only the rare `.weak`
    /// lifecycle should pay for it.
    @inline(never)
    private static func liveWeakInstance<Service, Failure: Error>(
        of registration: Registration<Service>,
        in table: RegistrationTable,
        otherwise: () throws(Failure) -> Service
    ) throws(Failure) -> Service {
        if let alive = table.withRead({ _ in registration.cachedInstance }) {
            return alive
        }
        return try otherwise()
    }
}
