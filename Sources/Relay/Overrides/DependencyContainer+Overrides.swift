extension DependencyContainer {
    /// Runs `operation` with some registrations of this container's root replaced, for the current
    /// task and its child tasks only.
    ///
    /// Code under test keeps resolving from ``global`` (or from `@Injected` properties); inside the
    /// operation it sees the overrides, while tests running in parallel see their own or none.
    /// Registrations made inside the operation, and every singleton built inside it, stay with the
    /// override and vanish when it ends. A factory registered in the override resolves its own
    /// dependencies as the code under test does: the override's registrations first, then the
    /// root's.
    ///
    /// ```swift
    /// @Test func checkoutUsesTheFixedClock() async throws {
    ///     try await DependencyContainer.global.withOverrides { overrides in
    ///         overrides.register(Clock.self) { _ in FixedClock() }
    ///     } operation: {
    ///         #expect(try await Checkout().receipt().date == FixedClock.date)
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - register: Registers the replacements on a container that stands for the root; use
    ///     `container(for:)` on it to replace registrations of a scope.
    ///   - isolation: Where `operation` runs: the caller's actor, by default.
    ///   - operation: The work that sees the replacements.
    /// - Returns: What `operation` returns.
    /// - Throws: What `register` or `operation` throws.
    public func withOverrides<Result>(
        _ register: (DependencyContainer) throws -> Void,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        let layer = try makeOverrideLayer(register)
        SlowPathGate.open()
        defer { SlowPathGate.close() }
        return try await OverrideLayer.$current.withValue(layer, operation: operation, isolation: isolation)
    }

    /// Runs synchronous `operation` with some registrations replaced for the current task (or
    /// thread) only; see `withOverrides(_:operation:)`.
    ///
    /// - Parameters:
    ///   - register: Registers the replacements on a container that stands for the root.
    ///   - operation: The work that sees the replacements.
    /// - Returns: What `operation` returns.
    /// - Throws: What `register` or `operation` throws.
    public func withOverrides<Result>(
        _ register: (DependencyContainer) throws -> Void,
        operation: () throws -> Result
    ) rethrows -> Result {
        let layer = try makeOverrideLayer(register)
        SlowPathGate.open()
        defer { SlowPathGate.close() }
        return try OverrideLayer.$current.withValue(layer, operation: operation)
    }

    private func makeOverrideLayer(_ register: (DependencyContainer) throws -> Void) rethrows -> OverrideLayer {
        let layer = OverrideLayer(base: root, outer: OverrideLayer.current)
        try register(layer.overrides)
        return layer
    }

    /// The container that stands for this one in an active override: same scope, in the layer.
    func overriding(in layer: OverrideLayer) -> DependencyContainer {
        layer.overrides.container(for: scope)
    }

    /// Resolves under an active override: the layers' registrations first at each level, then the
    /// base's; a base instance not yet built is built into the innermost layer.
    func resolve<Service>(_ key: RegistrationKey, under layer: OverrideLayer) throws -> Service {
        for container in layer.lookupChain(for: scope) {
            guard let found: Registration<Service> = container.registration(for: key) else { continue }
            layer.recorder?.recordEdge(to: found.key, in: container.scope)
            if container.root === layer.base, found.lifecycle != .transient {
                if let cached = container.table.withRead({ _ in found.cachedInstance }) {
                    return cached
                }
                return try ResolutionEngine.instance(
                    of: copy(of: found, from: container, in: layer), in: owner(of: found, from: container, in: layer))
            }
            return try ResolutionEngine.instance(of: found, in: container)
        }
        return try resolveUnregistered(key)
    }

    /// Resolves under an active override, awaiting async factories; see `resolve(_:under:)`.
    nonisolated(nonsending) func resolveAsync<Service>(_ key: RegistrationKey, under layer: OverrideLayer) async throws
        -> Service
    {
        for container in layer.lookupChain(for: scope) {
            guard let found: Registration<Service> = container.registration(for: key) else { continue }
            layer.recorder?.recordEdge(to: found.key, in: container.scope)
            if container.root === layer.base, found.lifecycle != .transient {
                if let cached = container.table.withRead({ _ in found.cachedInstance }) {
                    return cached
                }
                let target = owner(of: found, from: container, in: layer)
                return try await ResolutionEngine.instanceAsync(
                    of: copy(of: found, from: container, in: layer), in: target)
            }
            return try await ResolutionEngine.instanceAsync(of: found, in: container)
        }
        return try await resolveUnregisteredAsync(key)
    }

    /// The registration this container holds under `key`, typed.
    private func registration<Service>(for key: RegistrationKey) -> Registration<Service>? {
        // Safe: a table stores under a key only a registration of the key's type.
        table.withRead { $0.registration(for: key).map { unsafeDowncast($0, to: Registration<Service>.self) } }
    }

    /// The container of the innermost layer that stands for `owner`, where a base instance built
    /// under the override is cached.
    private func owner<Service>(
        of registration: Registration<Service>,
        from owner: DependencyContainer,
        in layer: OverrideLayer
    ) -> DependencyContainer {
        owner.overriding(in: layer)
    }

    /// The layer's copy of a base registration, added on first use: it calls the base factory
    /// with the base container, whose own resolves route back through the override.
    private func copy<Service>(
        of registration: Registration<Service>,
        from owner: DependencyContainer,
        in layer: OverrideLayer
    ) -> Registration<Service> {
        let target = owner.overriding(in: layer)
        return target.table.withWrite {
            $0.registration(for: registration.key, orInsert: { registration.copy(buildingIn: owner) })
        }
    }
}
