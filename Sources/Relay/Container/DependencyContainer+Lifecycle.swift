extension DependencyContainer {
    /// Builds every `.eagerSingleton` not yet built, in registration order; for a root, also those
    /// of its scopes.
    ///
    /// Call it once at start-up, after registering, so a broken graph fails before the program
    /// serves anything:
    ///
    /// ```swift
    /// try DefaultDependencyRegistry().registerDependencies()
    /// try DependencyContainer.global.start()
    /// ```
    ///
    /// Every eager singleton is attempted, even after one fails. Inside
    /// `withOverrides(_:operation:)`, it builds the override's eager singletons;
    /// the base's are built on first use, into the override.
    ///
    /// - Throws: ``DependencyGraphError`` with code `startFailed`, listing every failure.
    public func start() throws {
        if SlowPathGate.isOpen, let layer = OverrideLayer.active(for: root) {
            // Under an override, its own eager singletons; the base's are built on first use.
            return try overriding(in: layer).start()
        }
        var failures: [DependencyResolutionError] = []
        for container in containersInFamily {
            let eager = container.table.withRead {
                $0.allRegistrations.filter { $0.lifecycle == .eagerSingleton }
            }
            failures += container.failures(building: eager) { try $0.resolveErased(in: container) }
        }
        if !failures.isEmpty {
            throw DependencyGraphError(code: .startFailed, failures: failures)
        }
    }

    /// Drops every cached singleton and eager singleton (and weak references); for a root, also
    /// those of its scopes.
    ///
    /// The next resolve builds them anew. Instances already handed out live on as long as their
    /// holders keep them. Call it when the process is short of memory, as Reliant did on a memory
    /// warning, or between tests that share a container. Inside
    /// `withOverrides(_:operation:)`, it releases only what was built under the override.
    public func releaseSingletons() {
        if SlowPathGate.isOpen, let layer = OverrideLayer.active(for: root) {
            // Under an override, only what was built under it.
            return overriding(in: layer).releaseSingletons()
        }
        for container in containersInFamily {
            // Released after the lock, in case a deinit resolves.
            let released = container.table.withWrite { $0.takeCachedInstances() }
            _ = released
        }
    }

    /// Builds each registration with `build`, and returns every failure, in order.
    func failures(
        building registrations: [AnyRegistration],
        with build: (AnyRegistration) throws -> Any
    ) -> [DependencyResolutionError] {
        registrations.compactMap { registration in
            do {
                _ = try build(registration)
                return nil
            } catch let error as DependencyResolutionError {
                return error
            } catch {
                // Resolution wraps every other error itself; kept so that none is ever lost.
                return DependencyResolutionError(
                    code: .factoryFailed, requested: registration.key, scope: scope,
                    path: [registration.key.description], underlyingError: error)
            }
        }
    }

    /// This container and, for a root, the scopes created below it.
    var containersInFamily: [DependencyContainer] {
        guard isRoot else { return [self] }
        return [self] + family.scopeNames.map { container(for: $0) }
    }
}
