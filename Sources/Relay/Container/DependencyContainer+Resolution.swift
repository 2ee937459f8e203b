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
    ///   The error names the resolution path. A factory's `CancellationError` is thrown as it is.
    @inlinable
    public func resolve<Service>(_ type: Service.Type = Service.self, name: String? = nil) throws -> Service {
        // Inlinable, to pick the entry where the name is known: a resolve without one (and every
        // autowired parameter) enters without a name to hash, in a smaller frame.
        if let name { return try resolveNamed(type, name: name) }
        return try resolveUnnamed(type)
    }

    /// `resolve(type)`: the registration without a name.
    @usableFromInline
    func resolveUnnamed<Service>(_ type: Service.Type) throws -> Service {
        let key = RegistrationKey(type, name: nil)
        if SlowPathGate.isOpen {
            return try ResolutionEngine.resolveObserved(key, from: self)
        }
        return try ResolutionEngine.resolve(key, from: self)
    }

    /// `resolve(type, name: name)`: the registration of that name.
    @usableFromInline
    func resolveNamed<Service>(_ type: Service.Type, name: String) throws -> Service {
        let key = RegistrationKey(type, name: name)
        if SlowPathGate.isOpen {
            return try ResolutionEngine.resolveObserved(key, from: self)
        }
        return try ResolutionEngine.resolve(key, from: self)
    }

    /// Resolves `key` as `resolve(_:name:)` does: for a key that public API cannot spell, such as
    /// that of a registration taking arguments.
    func resolve<Service>(key: RegistrationKey) throws -> Service {
        if SlowPathGate.isOpen {
            return try ResolutionEngine.resolveObserved(key, from: self)
        }
        return try ResolutionEngine.resolve(key, from: self)
    }

    /// Returns an instance of every registration of a type, unnamed and named, in registration order.
    ///
    /// A scoped container lists its own registrations first, then those of its root that it does
    /// not replace (same name). Registrations that take runtime arguments are left out: there are
    /// none to pass them.
    ///
    /// ```swift
    /// for tracker in try container.resolveAll(Tracker.self) { tracker.track(event) }
    /// ```
    ///
    /// - Parameter type: The registered type.
    /// - Returns: The instances; empty when the type has no registration.
    /// - Throws: ``DependencyResolutionError`` when building any of them fails.
    public func resolveAll<Service>(_ type: Service.Type = Service.self) throws -> [Service] {
        // One resolve per name, as the async `resolveAll` makes: each goes through any override and
        // is reported to observers, as a `resolve` of that name would be.
        try registeredNames(of: type).map { try resolve(type, name: $0) }
    }

    /// The names of every registration of `type` this container resolves, in `resolveAll`'s order:
    /// its own, then its root's that it does not replace; under an override, the override's first
    /// at each level.
    func registeredNames<Service>(of type: Service.Type) -> [String?] {
        var names: [String?] = []
        for (registration, _) in Route(from: self).registrations(of: ObjectIdentifier(type))
        where !names.contains(registration.key.name) {
            names.append(registration.key.name)
        }
        return names
    }
}
