/// Where every resolve enters the engine: the route from the container asked to the registration
/// (the container, then its root), read through the one cached read, then handed to a front to
/// build what was not built. (Under an override or an observer, a resolve goes through
/// `DependencyContainer.route` instead: the override's layers first.)
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
        guard let parent = container.parent else { return try container.resolveUnregistered(key) }
        return try resolveOwn(key, from: parent) { try container.resolveUnregistered(key) }
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
        found registration: AnyRegistration,
        in container: DependencyContainer
    ) throws -> Service {
        // Safe: a table stores under a key only a registration of the key's type.
        try instance(of: unsafeDowncast(registration, to: Registration<Service>.self), in: container)
    }
}

extension ResolutionEngine {
    /// Resolves `key` from `start` without looking for overrides or observers: the container, then
    /// its root.
    nonisolated(nonsending) static func resolveAsync<Service>(_ key: RegistrationKey, from start: DependencyContainer)
        async throws -> Service
    {
        do {
            return try start.cachedInstance(key)
        } catch {
            return try await resolveAsync(key, from: start, after: error)
        }
    }

    /// Resolves `key` from `start` after its cached read (``DependencyContainer/cachedInstance(_:)``)
    /// found nothing built: the registration it found goes straight to the build, without a
    /// second lookup. Inlined: an async frame of its own would be a task allocation per first
    /// build.
    @inline(__always)
    nonisolated(nonsending) static func resolveAsync<Service>(
        _ key: RegistrationKey,
        from start: DependencyContainer,
        after miss: DependencyContainer.NotCached
    ) async throws -> Service {
        guard let registration = miss.registration, let container = miss.container else {
            return try await start.resolveUnregisteredAsync(key)
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
        for container in container.route {
            if let found = container.table.withRead({ $0.registration(for: key) }) {
                return (found, container)
            }
        }
        return nil
    }
}
