/// Where every resolve enters the engine: the route from the container asked to the registration
/// (the container, then its root), read through the one cached read, then handed to a front to
/// build what was not built. (While an override or an observer is active, a resolve goes through
/// `resolveObserved(_:from:)` first, and under an override through `OverrideLayer.resolve(_:from:)`,
/// the override's layers first.)
extension ResolutionEngine {
    /// Resolves `key` from `container` without looking for overrides or observers: the hot path.
    ///
    /// The container, then its root, each under a read lock no other reader contends on. A cached
    /// singleton is copied out of its storage while the lock is held, through unretained references:
    /// the hot path retains nothing but the instance it returns, and holds no `Service?` (whose
    /// metadata unspecialised code would look up in the runtime on every call).
    @inline(__always)
    static func resolve<Service>(_ key: RegistrationKey, from container: DependencyContainer) throws -> Service {
        try resolveOwn(key, from: container) { try resolveThroughRoot(key, of: container) }
    }

    /// Resolves what a container does not hold: from its root, or not at all. Out of line, so the
    /// common case (the container holds the registration) keeps a small frame.
    @inline(never)
    private static func resolveThroughRoot<Service>(
        _ key: RegistrationKey,
        of container: DependencyContainer
    ) throws -> Service {
        guard let parent = container.parent else { return try resolveUnregistered(key, from: container) }
        return try resolveOwn(key, from: parent) { try resolveUnregistered(key, from: container) }
    }

    /// Resolves `key` from a container's own registrations, or returns what `fallback` does when
    /// there is none.
    @inline(__always)
    private static func resolveOwn<Service>(
        _ key: RegistrationKey,
        from container: DependencyContainer,
        orElse fallback: () throws -> Service
    ) throws -> Service {
        try container.table.cachedInstance(
            of: key, as: Service.self,
            notBuilt: { try instance(found: $0, in: container) },
            notRegistered: fallback)
    }

    /// Builds (or finds) the instance of a registration found untyped. Out of line, so that the
    /// hot path of a cached read keeps a small frame, and the blocking front's closure runs in
    /// this function's frame rather than in one of its own (measured: 50 instructions fewer per
    /// transient graph).
    @inline(never)
    private static func instance<Service>(
        found registration: Unmanaged<AnyRegistration>,
        in container: DependencyContainer
    ) throws -> Service {
        // Borrowed, not retained: `container`'s table keeps every registration it ever held for as
        // long as it lives, and the resolve's caller holds `container` (and a scope its root).
        try registration._withUnsafeGuaranteedRef { registration in
            // Safe: a table stores under a key only a registration of the key's type.
            try instance(of: unsafeDowncast(registration, to: Registration<Service>.self), in: container)
        }
    }
}

extension ResolutionEngine {
    /// Why ``cachedInstance(_:from:)`` copied nothing: the registration is not built yet, or neither
    /// the container nor its root holds one. The one "not found yet" of every cached read that
    /// goes on to build.
    @usableFromInline
    struct NotCached: Error {
        /// The registration found not built, and the container that holds it; both `nil` when
        /// neither the container resolved from nor its root holds one (or an override or observer
        /// is active).
        let registration: AnyRegistration?
        // Unowned: it is the container resolved from or its root, which that container holds, and
        // the error lives only until the resolve that threw it goes on (a retain and a release fewer
        // per first build).
        unowned(unsafe) let container: DependencyContainer?

        @usableFromInline init() {
            registration = nil
            container = nil
        }

        init(registration: AnyRegistration, in container: DependencyContainer) {
            self.registration = registration
            self.container = container
        }
    }

    /// The built instance of `key` in `container`, or else in its root, copied out under the read
    /// lock: the async front's cached read.
    ///
    /// Throws a typed error rather than returning `Service?`: unspecialised code would look up the
    /// metadata of `Optional<Service>` in the runtime on every call, while a typed throw costs a
    /// register.
    @inline(__always)
    static func cachedInstance<Service>(
        _ key: RegistrationKey,
        from container: DependencyContainer
    ) throws(NotCached) -> Service {
        try ownCachedInstance(key, in: container) { () throws(NotCached) -> Service in
            guard let parent = container.parent else { throw NotCached() }
            return try ownCachedInstance(key, in: parent) { () throws(NotCached) -> Service in throw NotCached() }
        }
    }

    /// The built instance of `key` in `container`; what `fallback` returns when the container holds
    /// no registration of `key`.
    @inline(__always)
    private static func ownCachedInstance<Service>(
        _ key: RegistrationKey,
        in container: DependencyContainer,
        orElse fallback: () throws(NotCached) -> Service
    ) throws(NotCached) -> Service {
        try container.table.cachedInstance(
            of: key, as: Service.self,
            notBuilt: { registration throws(NotCached) -> Service in
                // Retained: the error outlives this read.
                throw NotCached(registration: registration.takeUnretainedValue(), in: container)
            },
            notRegistered: fallback)
    }

    /// Resolves `key` from `start` without looking for overrides or observers: the container, then
    /// its root.
    nonisolated(nonsending) static func resolveAsync<Service>(_ key: RegistrationKey, from start: DependencyContainer)
        async throws -> Service
    {
        do {
            return try cachedInstance(key, from: start)
        } catch {
            return try await resolveAsync(key, from: start, after: error)
        }
    }

    /// Resolves `key` from `start` after its cached read (``cachedInstance(_:from:)``)
    /// found nothing built: the registration it found goes straight to the build, without a
    /// second lookup. Inlined: an async frame of its own would be a task allocation per first
    /// build.
    @inline(__always)
    nonisolated(nonsending) static func resolveAsync<Service>(
        _ key: RegistrationKey,
        from start: DependencyContainer,
        after miss: NotCached
    ) async throws -> Service {
        guard let registration = miss.registration, let container = miss.container else {
            return try await resolveUnregisteredAsync(key, from: start)
        }
        // Safe: a table stores under a key only a registration of the key's type.
        return try await instanceAsync(of: unsafeDowncast(registration, to: Registration<Service>.self), in: container)
    }
}

extension ResolutionEngine {
    /// The registration a resolve of `key` from `container` would build, and the container that
    /// holds it, found along the container's route (under an override, its layers first); `nil`
    /// when there is none.
    static func registration(
        resolving key: RegistrationKey,
        from container: DependencyContainer
    ) -> (registration: AnyRegistration, holder: DependencyContainer)? {
        Route(from: container).first(key)
    }
}
