/// A type the container answers without a registration of its own, from the registration of the
/// type it wraps: `Optional<Service>`, ``Lazy``, ``Provider``.
///
/// Asked for only when a key has no registration, so the resolve of a registered type never
/// looks for it.
protocol SynthesizedService {
    /// The key whose registration answers for this type under `name`.
    static func wrappedKey(name: String?) -> RegistrationKey

    /// Makes the value from the wrapped registration.
    static func make(name: String?, in container: DependencyContainer) throws -> Self

    /// Makes the value from the wrapped registration, awaiting an async factory.
    nonisolated(nonsending) static func make(name: String?, in container: DependencyContainer) async throws -> Self
}

extension DependencyContainer {
    /// Answers a key no container on the lookup chain registers: a ``SynthesizedService`` is made
    /// from what it wraps, anything else is not registered. In an override's container (a factory
    /// registered in `withOverrides` resolving its dependencies), the overridden root answers.
    @inline(never)
    func resolveUnregistered<Service>(_ key: RegistrationKey) throws -> Service {
        if let base = family.overriddenRoot {
            // A factory registered in an override asked for what only the base registers.
            return try ResolutionEngine.resolveObserved(key, from: base.container(for: scope))
        }
        guard let synthesized = Service.self as? any SynthesizedService.Type else {
            throw notRegisteredError(for: key)
        }
        return try make(synthesized, for: key)
    }

    /// Answers a key no container on the lookup chain registers, awaiting; see
    /// `resolveUnregistered(_:)`.
    @inline(never)
    nonisolated(nonsending) func resolveUnregisteredAsync<Service>(_ key: RegistrationKey) async throws -> Service {
        if let base = family.overriddenRoot {
            return try await ResolutionEngine.resolveObservedAsync(key, from: base.container(for: scope))
        }
        guard let synthesized = Service.self as? any SynthesizedService.Type else {
            throw notRegisteredError(for: key)
        }
        return try await makeAsync(synthesized, for: key)
    }

    private func make<Service, Synthesized: SynthesizedService>(
        _: Synthesized.Type,
        for key: RegistrationKey
    ) throws -> Service {
        try cast(Synthesized.make(name: key.name, in: self), for: key)
    }

    nonisolated(nonsending) private func makeAsync<Service, Synthesized: SynthesizedService>(
        _: Synthesized.Type,
        for key: RegistrationKey
    ) async throws -> Service {
        try await cast(Synthesized.make(name: key.name, in: self), for: key)
    }

    /// `made` as the type asked for, which it is: `Synthesized` was found as `Service`'s own type.
    private func cast<Service, Synthesized>(_ made: Synthesized, for key: RegistrationKey) throws -> Service {
        guard Synthesized.self == Service.self else { throw notRegisteredError(for: key) }
        return withUnsafePointer(to: made) { $0.withMemoryRebound(to: Service.self, capacity: 1) { $0.pointee } }
    }

    /// Whether resolving `key` here would find a registration, or make a ``SynthesizedService`` from
    /// one: on this container, its root, and the layers of an active override. `Tracker??` is
    /// answered where `Tracker` is.
    func canAnswer(_ key: RegistrationKey) -> Bool {
        if holder(of: key) != nil { return true }
        guard let synthesized = key.metatype as? any SynthesizedService.Type else { return false }
        return canAnswer(synthesized.wrappedKey(name: key.name))
    }

    /// The first container that resolving `key` here looks in and finds a registration of it:
    /// this one, its root, or a layer of an active override.
    private func holder(of key: RegistrationKey) -> DependencyContainer? {
        if let base = family.overriddenRoot {
            // An override's container: what it holds, then what its base would answer.
            return lookupChain.first { $0.table.withRead { $0.registration(for: key) != nil } }
                ?? base.container(for: scope).holder(of: key)
        }
        return route.first { container in
            container.table.withRead { $0.registration(for: key) != nil }
        }
    }

    /// Records, for `dependencyGraph()`, an edge from the running factory to what a ``Lazy`` or
    /// ``Provider`` it asked for will resolve: a dependency, even if a deferred one.
    func recordDeferredEdge(to key: RegistrationKey) {
        guard let recorder = activeOverride?.recorder else { return }
        if let holder = holder(of: key) { recorder.recordEdge(to: key, in: holder.scope) }
    }
}
