extension DependencyContainer {
    /// Registers a factory for a type, replacing any registration of the same type and name.
    ///
    /// The factory runs lazily, when the type is first resolved (or on every resolve, for
    /// `.transient`). It receives the container that holds the registration, so it can resolve its
    /// own dependencies:
    ///
    /// ```swift
    /// container.register(PaymentGateway.self) { container in
    ///     try StripeGateway(client: container.resolve(HTTPClient.self))
    /// }
    /// container.register(Tracker.self, name: "google", lifecycle: .transient) { _ in GoogleTracker() }
    /// ```
    ///
    /// Replacing a registration drops the instance the old one had cached; the next resolve builds
    /// anew from the new factory.
    ///
    /// - Parameters:
    ///   - type: The type callers ask for, usually a protocol.
    ///   - name: A name that tells apart several registrations of one type; `nil` for the default.
    ///   - lifecycle: How long built instances are kept. Defaults to `.singleton`.
    ///   - factory: Builds the instance. Errors it throws reach the caller of `resolve`, wrapped
    ///     with the resolution path.
    public func register<Service>(
        _ type: Service.Type,
        name: String? = nil,
        lifecycle: LifecycleType = .singleton,
        with factory: @escaping @Sendable (DependencyContainer) throws -> Service
    ) {
        let key = RegistrationKey(type, name: name)
        add(Registration(key: key, lifecycle: lifecycle, factory: factory))
    }

    /// Adds a registration built elsewhere (the dynamic registry builds its own).
    func add(_ registration: AnyRegistration) {
        if SlowPathGate.isOpen, let layer = OverrideLayer.active(for: root) {
            overriding(in: layer).add(registration)
            return
        }
        // The replaced registration and instance are released here, after the lock, in case a
        // deinit resolves.
        let replaced = table.withWrite { $0.insert(registration) }
        withExtendedLifetime(replaced) {}
    }

    /// Whether a type (with a name) is registered here, not counting the root a scope falls back to.
    ///
    /// Inside `withOverrides(_:operation:)`, registrations of the override count too.
    ///
    /// - Parameters:
    ///   - type: The registered type.
    ///   - name: The registration's name; `nil` for the default.
    public func isRegistered<Service>(_ type: Service.Type, name: String? = nil) -> Bool {
        let key = RegistrationKey(type, name: name)
        var containers = [self]
        if SlowPathGate.isOpen, let layer = OverrideLayer.active(for: root) {
            containers += layer.chain.map { overriding(in: $0) }
        }
        return containers.contains { container in
            container.table.withRead { $0.registration(for: key) != nil }
        }
    }
}
