extension DependencyContainer {
    /// The deepest a chain of factories may nest before resolution stops with
    /// ``DependencyResolutionError/Code/depthLimitExceeded``.
    ///
    /// A thread with a small stack stops earlier, with the same error, when the next factory could
    /// overflow its stack: resolution watches how much stack is left, not only the depth.
    public static let maximumResolutionDepth = 1_500

    /// Returns the instance registered for a type, building it if its lifecycle asks for that.
    ///
    /// A scoped container that has no registration for the type asks its root.
    ///
    /// ```swift
    /// let store = try container.resolve(BookStore.self)
    /// let tracker = try container.resolve(Tracker.self, name: "google")
    /// ```
    ///
    /// Three kinds of type resolve without a registration of their own, from the registration of
    /// the type they wrap: `Tracker?` is `nil` where no `Tracker` is registered (a `Tracker` that
    /// fails to build still throws); ``Lazy``<`Tracker`> resolves on first use and keeps it;
    /// ``Provider``<`Tracker`> resolves on every use.
    ///
    /// - Parameters:
    ///   - type: The registered type.
    ///   - name: The registration's name; `nil` for the default.
    /// - Returns: The cached instance, or a new one from the factory.
    /// - Throws: ``DependencyResolutionError`` when the type is not registered, when resolving it
    ///   needs itself (a cycle), when the chain of factories is too deep, or when a factory throws.
    ///   The error names the resolution path.
    public func resolve<Service>(_ type: Service.Type = Service.self, name: String? = nil) throws -> Service {
        let key = RegistrationKey(type, name: name)
        if SlowPathGate.isOpen {
            return try resolveObserved(key)
        }
        return try resolveDirectly(key)
    }

    /// Resolves without looking for overrides or observers: the hot path.
    ///
    /// This container, then its root, each under a read lock no other reader contends on. A cached
    /// singleton is copied out of its storage while the lock is held, through unretained references:
    /// the hot path retains nothing but the instance it returns, and holds no `Service?` (whose
    /// metadata unspecialised code would look up in the runtime on every call).
    @inline(__always)
    func resolveDirectly<Service>(_ key: RegistrationKey) throws -> Service {
        try resolveOwn(key) { try resolveThroughRoot(key) }
    }

    /// Resolves what this container does not hold: from its root, or not at all. Out of line, so
    /// the common case (the container holds the registration) keeps a small frame.
    @inline(never)
    private func resolveThroughRoot<Service>(_ key: RegistrationKey) throws -> Service {
        guard let parent else { return try resolveUnregistered(key) }
        return try parent.resolveOwn(key) { try resolveUnregistered(key) }
    }

    /// Resolves `key` from this container's own registrations, or returns what `fallback` does
    /// when there is none.
    @inline(__always)
    private func resolveOwn<Service>(
        _ key: RegistrationKey,
        orElse fallback: () throws -> Service
    ) throws -> Service {
        try table.cachedInstance(
            of: key, as: Service.self, notBuilt: { try instance(of: $0, as: Service.self) }, notRegistered: fallback)
    }

    /// Builds (or finds) the instance of a registration found untyped.
    private func instance<Service>(of registration: AnyRegistration, as _: Service.Type) throws -> Service {
        // Safe: a table stores under a key only a registration of the key's type.
        try instance(of: unsafeDowncast(registration, to: Registration<Service>.self))
    }

    /// Returns an instance of every registration of a type, unnamed and named, in registration order.
    ///
    /// A scoped container lists its own registrations first, then those of its root that it does
    /// not replace (same name).
    ///
    /// ```swift
    /// for tracker in try container.resolveAll(Tracker.self) { tracker.track(event) }
    /// ```
    ///
    /// - Parameter type: The registered type.
    /// - Returns: The instances; empty when the type has no registration.
    /// - Throws: ``DependencyResolutionError`` when building any of them fails.
    public func resolveAll<Service>(_ type: Service.Type = Service.self) throws -> [Service] {
        let typeID = ObjectIdentifier(type)
        if let layer = activeOverride {
            // Every name the override or the base knows, each resolved through the override.
            return try registeredNames(of: type).map { try resolve(RegistrationKey(type, name: $0), under: layer) }
        }
        var seenNames: Set<String?> = []
        var instances: [Service] = []
        for container in lookupChain {
            let registrations = container.table.withRead { $0.registrations(of: typeID) }
            for registration in registrations where seenNames.insert(registration.key.name).inserted {
                let typed = unsafeDowncast(registration, to: Registration<Service>.self)
                instances.append(try container.instance(of: typed))
            }
        }
        return instances
    }

    /// The names of every registration of `type` this container resolves, in `resolveAll`'s order:
    /// its own, then its root's that it does not replace; under an override, the override's first
    /// at each level.
    func registeredNames<Service>(of type: Service.Type) -> [String?] {
        let typeID = ObjectIdentifier(type)
        var names: [String?] = []
        for container in route {
            let keys = container.table.withRead { $0.registrations(of: typeID).map(\.key.name) }
            names += keys.filter { !names.contains($0) }
        }
        return names
    }
}
