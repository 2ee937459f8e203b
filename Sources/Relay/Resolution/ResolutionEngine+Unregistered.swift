/// What a resolve does with a key no container on its route registers: a ``SynthesizedService``
/// (an optional, a ``Lazy``, a ``Provider``) is made from the registration it wraps; in an
/// override's container, the overridden root answers; anything else is not registered, with an
/// error that says what is registered nearby.
extension ResolutionEngine {
    /// Answers a key no container on the lookup chain registers: a ``SynthesizedService`` is made
    /// from what it wraps, anything else is not registered. In an override's container (a factory
    /// registered in `withOverrides` resolving its dependencies), the overridden root answers.
    @inline(never)
    static func resolveUnregistered<Service>(_ key: RegistrationKey, from container: DependencyContainer) throws
        -> Service
    {
        if let base = container.family.overriddenRoot {
            // A factory registered in an override asked for what only the base registers.
            return try resolveObserved(key, from: base.container(for: container.scope))
        }
        guard let synthesized = Service.self as? any SynthesizedService.Type else {
            throw notRegisteredError(for: key, from: container)
        }
        return try make(synthesized, for: key, in: container)
    }

    /// Answers a key no container on the lookup chain registers, awaiting; see
    /// ``resolveUnregistered(_:from:)``.
    @inline(never)
    nonisolated(nonsending) static func resolveUnregisteredAsync<Service>(
        _ key: RegistrationKey,
        from container: DependencyContainer
    ) async throws -> Service {
        if let base = container.family.overriddenRoot {
            return try await resolveObservedAsync(key, from: base.container(for: container.scope))
        }
        guard let synthesized = Service.self as? any SynthesizedService.Type else {
            throw notRegisteredError(for: key, from: container)
        }
        return try await makeAsync(synthesized, for: key, in: container)
    }

    private static func make<Service, Synthesized: SynthesizedService>(
        _: Synthesized.Type,
        for key: RegistrationKey,
        in container: DependencyContainer
    ) throws -> Service {
        try cast(Synthesized.make(name: key.name, in: container), for: key, in: container)
    }

    nonisolated(nonsending) private static func makeAsync<Service, Synthesized: SynthesizedService>(
        _: Synthesized.Type,
        for key: RegistrationKey,
        in container: DependencyContainer
    ) async throws -> Service {
        try await cast(Synthesized.make(name: key.name, in: container), for: key, in: container)
    }

    /// `made` as the type asked for, which it is: `Synthesized` was found as `Service`'s own type.
    private static func cast<Service, Synthesized>(
        _ made: Synthesized,
        for key: RegistrationKey,
        in container: DependencyContainer
    ) throws -> Service {
        guard Synthesized.self == Service.self else { throw notRegisteredError(for: key, from: container) }
        return withUnsafePointer(to: made) { $0.withMemoryRebound(to: Service.self, capacity: 1) { $0.pointee } }
    }

    /// Whether resolving `key` from `container` would find a registration, or make a
    /// ``SynthesizedService`` from one: on `container`, its root, and the layers of an active
    /// override. `Tracker??` is
    /// answered where `Tracker` is.
    static func canAnswer(_ key: RegistrationKey, from container: DependencyContainer) -> Bool {
        if holder(of: key, from: container) != nil { return true }
        guard let synthesized = key.metatype as? any SynthesizedService.Type else { return false }
        return canAnswer(synthesized.wrappedKey(name: key.name), from: container)
    }

    /// The first container that resolving `key` from `container` looks in and finds a registration
    /// of it: `container`, its root, or a layer of an active override.
    private static func holder(of key: RegistrationKey, from container: DependencyContainer) -> DependencyContainer? {
        if let base = container.family.overriddenRoot {
            // An override's container: what it holds, then what its base would answer.
            return Route(plain: container).first(key)?.holder
                ?? holder(of: key, from: base.container(for: container.scope))
        }
        return registration(resolving: key, from: container)?.holder
    }

    /// Records, for `dependencyGraph()`, an edge from the running factory to what a ``Lazy`` or
    /// ``Provider`` it asked for will resolve: a dependency, even if a deferred one.
    static func recordDeferredEdge(to key: RegistrationKey, from container: DependencyContainer) {
        guard let recorder = container.activeOverride?.recorder else { return }
        if let holder = holder(of: key, from: container) { recorder.recordEdge(to: key, in: holder.scope) }
    }

    /// Describes a missing registration: where it was looked for, and what is registered nearby.
    static func notRegisteredError(for key: RegistrationKey, from container: DependencyContainer)
        -> DependencyResolutionError
    {
        let thread = ResolutionThreadState.current
        let path = ResolutionEngine.pathDescriptions(on: thread) + [key.description]
        BuildReporting.reportFailure(
            .notRegistered, of: key, in: container,
            requestedBy: thread.path.last.map { ($0.registration.key, $0.scope) }
                ?? AsyncResolutionPath.current.innermostNode)
        // Registered only with arguments: the resolve is missing them.
        if !key.takesArguments, let registered = ArgumentPassing.registeredSignatures(of: key, from: container),
            !registered.signatures.isEmpty
        {
            return ArgumentPassing.mismatch(
                .missing(registered: registered.signatures), for: key, in: registered.holder, path: path)
        }
        return DependencyResolutionError(
            code: .notRegistered, requested: key, scope: container.scope, path: path,
            nearby: nearbyRegistrations(of: key, from: container))
    }

    /// Registrations of the same type under another name, or in another scope of the same root.
    private static func nearbyRegistrations(of key: RegistrationKey, from start: DependencyContainer) -> [String] {
        let root = start.root
        let containers = [root] + root.family.scopeNames.map { root.container(for: $0) }
        let route = Route(plain: start)
        var nearby: [String] = []
        for container in containers {
            let keys = container.table.withRead {
                $0.registrations(of: key.type).map(\.key)
            }
            for other in keys where other != key || !route.contains(container) {
                let place = container.isRoot ? "global" : "scope '\(container.scope)'"
                nearby.append("'\(other.description)' in \(place)")
            }
        }
        return nearby
    }
}
