extension OverrideLayer {
    /// Where a resolve of a key goes under the layer.
    private enum Target<Service> {
        /// The base holds the instance already: it is shared, not built again.
        case kept(Service)
        /// Build (or read) `registration`'s instance in `container`.
        case build(Registration<Service>, in: DependencyContainer)
        /// Neither the layers nor the base hold a registration.
        case notRegistered
    }

    /// Resolves `key` from `container` under this override: the layers' registrations first at
    /// each level, then the base's; a base instance not yet built is built into the innermost
    /// layer.
    func resolve<Service>(_ key: RegistrationKey, from container: DependencyContainer) throws -> Service {
        switch target(of: key, from: container) as Target<Service> {
        case .kept(let instance): return instance
        case .build(let registration, let holder): return try ResolutionEngine.instance(of: registration, in: holder)
        case .notRegistered: return try ResolutionEngine.resolveUnregistered(key, from: container)
        }
    }

    /// Resolves `key` from `container` under this override, awaiting async factories; see
    /// ``resolve(_:from:)``.
    nonisolated(nonsending) func resolveAsync<Service>(
        _ key: RegistrationKey,
        from container: DependencyContainer
    ) async throws -> Service {
        switch target(of: key, from: container) as Target<Service> {
        case .kept(let instance): return instance
        case .build(let registration, let holder):
            return try await ResolutionEngine.instanceAsync(of: registration, in: holder)
        case .notRegistered: return try await ResolutionEngine.resolveUnregisteredAsync(key, from: container)
        }
    }

    /// The one walk of a resolve under the layer: the first registration of `key` along the
    /// layers and the base at each level (recorded for `dependencyGraph()`); a base registration
    /// that keeps its instance is built as the innermost layer's copy, unless the base has built it.
    private func target<Service>(of key: RegistrationKey, from start: DependencyContainer) -> Target<Service> {
        guard let (registration, container) = Route(start, under: self).first(key) else { return .notRegistered }
        // Safe: a table stores under a key only a registration of the key's type.
        let found = unsafeDowncast(registration, to: Registration<Service>.self)
        recorder?.recordEdge(to: found.key, in: container.scope)
        guard container.root === base, found.lifecycle != .transient else { return .build(found, in: container) }
        do throws(BuildOnce.Vanished) {
            return .kept(try ResolutionEngine.keptInstance(of: found, in: container.table))
        } catch {}
        let overriding = container.overriding(in: self)
        return .build(copy(of: found, from: container, into: overriding), in: overriding)
    }

    /// The innermost layer's copy of a base registration, added to `overriding` (`owner`'s container
    /// in this layer) on first use: it calls the base factory with the base container, whose own
    /// resolves route back through the override.
    private func copy<Service>(
        of registration: Registration<Service>,
        from owner: DependencyContainer,
        into overriding: DependencyContainer
    ) -> Registration<Service> {
        overriding.table.withWrite {
            $0.registration(for: registration.key, orInsert: { registration.copy(buildingIn: owner) })
        }
    }
}
