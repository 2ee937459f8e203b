extension DependencyContainer {
    /// Returns the instance registered for a type, awaiting its factory if it is async and not
    /// built yet.
    ///
    /// Any registration resolves this way, synchronous or async. A task that needs an instance
    /// another task or thread is building suspends until that build ends; it never blocks its
    /// thread.
    ///
    /// ```swift
    /// container.register(Database.self) { container in
    ///     try await Database.connect(config: container.resolve(Config.self))
    /// }
    /// let database = try await container.resolve(Database.self)
    /// ```
    ///
    /// Inside async code Swift prefers this overload, so `try container.resolve(…)` there is
    /// written `try await container.resolve(…)`.
    ///
    /// Cancelling the task that waits for another's build stops the wait with `CancellationError`
    /// and leaves the build running. Cancelling the task that builds is the factory's to honour;
    /// when the build then fails, the tasks that waited for it build anew instead of sharing the
    /// cancellation.
    ///
    /// It runs on the caller's executor: called from an actor, it does not leave it, and a built
    /// instance costs about what the synchronous resolve does.
    ///
    /// - Parameters:
    ///   - type: The registered type.
    ///   - name: The registration's name; `nil` for the default.
    /// - Returns: The cached instance, or a new one from the factory.
    /// - Throws: ``DependencyResolutionError`` when the type is not registered, when resolving it
    ///   needs itself (a cycle, also through child tasks), or when a factory throws;
    ///   `CancellationError` when the task was cancelled while it waited for another's build, or
    ///   when a factory threw it.
    @inlinable
    nonisolated(nonsending) public func resolve<Service>(
        _ type: Service.Type = Service.self,
        name: String? = nil
    ) async throws -> Service {
        // Inlined into the caller, so that a built instance costs one synchronous call and no
        // async frame of its own; only what must be built (or observed) pays for one.
        do {
            return try builtInstance(of: type, name: name)
        } catch {
            return try await resolveBuilding(type, name: name, after: error)
        }
    }

    /// The built instance of a type, copied out synchronously, for the async `resolve`; throws
    /// `ResolutionEngine.NotCached` when it is not built yet, and while an override or an observer is active,
    /// which the async path handles.
    @usableFromInline
    func builtInstance<Service>(of type: Service.Type, name: String?) throws(ResolutionEngine.NotCached) -> Service {
        if SlowPathGate.isOpen { throw ResolutionEngine.NotCached() }
        return try ResolutionEngine.cachedInstance(RegistrationKey(type, name: name), from: self)
    }

    /// Resolves `key` as the async `resolve(_:name:)` does: for a key that public API cannot spell,
    /// such as that of a registration taking arguments.
    nonisolated(nonsending) func resolve<Service>(key: RegistrationKey) async throws -> Service {
        if SlowPathGate.isOpen {
            return try await ResolutionEngine.resolveObservedAsync(key, from: self)
        }
        return try await ResolutionEngine.resolveAsync(key, from: self)
    }

    /// The async `resolve` of what is not built yet: through any override and observer, awaiting.
    ///
    /// - Parameter miss: What the synchronous read found: the registration it found not built
    ///   goes straight to the engine, without a second lookup.
    @usableFromInline
    nonisolated(nonsending) func resolveBuilding<Service>(
        _ type: Service.Type,
        name: String?,
        after miss: ResolutionEngine.NotCached
    ) async throws -> Service {
        let key = RegistrationKey(type, name: name)
        if SlowPathGate.isOpen {
            return try await ResolutionEngine.resolveObservedAsync(key, from: self)
        }
        // A miss that carries nothing (registered nowhere, or made while an override or observer
        // was active): read again, and resolve what is not registered.
        guard miss.registration != nil else { return try await ResolutionEngine.resolveAsync(key, from: self) }
        return try await ResolutionEngine.resolveAsync(key, from: self, after: miss)
    }

    /// Returns an instance of every registration of a type, unnamed and named, in registration
    /// order, awaiting async factories; see `resolveAll(_:)`.
    ///
    /// - Parameter type: The registered type.
    /// - Returns: The instances; empty when the type has no registration.
    /// - Throws: ``DependencyResolutionError`` when building any of them fails.
    nonisolated(nonsending) public func resolveAll<Service>(_ type: Service.Type = Service.self) async throws
        -> [Service]
    {
        var instances: [Service] = []
        for name in registeredNames(of: type) {
            instances.append(try await resolve(type, name: name))
        }
        return instances
    }
}
