extension DependencyContainer {
    /// Registers a factory for a service that is not `Sendable`: as a ``NonSendableLifecycle/transient``
    /// (each resolve builds its own), or, on your word, shared with ``NonSendableLifecycle/unchecked(_:)``.
    ///
    /// ```swift
    /// container.register(DraftEditor.self, lifecycle: .transient) { _ in DraftEditor() }
    /// ```
    ///
    /// A `Sendable` service is registered with `register(_:name:lifecycle:with:)` with a ``LifecycleType``;
    /// this form is chosen only for a service that is not.
    ///
    /// - Parameters:
    ///   - type: The type callers ask for.
    ///   - name: A name that tells apart several registrations of one type; `nil` for the default.
    ///   - lifecycle: `.transient`, or `.unchecked(_:)` with any lifecycle.
    ///   - factory: Builds the instance.
    /// - Returns: The registration, for ``RegisteredService/implements(_:name:converting:)``.
    @discardableResult
    public func register<Service>(
        _ type: Service.Type,
        name: String? = nil,
        lifecycle: NonSendableLifecycle,
        with factory: @escaping @Sendable (DependencyContainer) throws -> Service
    ) -> RegisteredService<Service> {
        let key = RegistrationKey(type, name: name)
        return registered(Registration(key: key, lifecycle: lifecycle.lifecycle, factory: factory), as: key)
    }

    /// Registers an async factory for a service that is not `Sendable`; see
    /// the `register(_:name:lifecycle:with:)` that takes a ``NonSendableLifecycle``.
    ///
    /// - Parameters:
    ///   - type: The type callers ask for.
    ///   - name: A name that tells apart several registrations of one type; `nil` for the default.
    ///   - lifecycle: `.transient`, or `.unchecked(_:)` with any lifecycle.
    ///   - factory: Builds the instance, awaiting what it needs.
    /// - Returns: The registration, for ``RegisteredService/implements(_:name:converting:)``.
    @discardableResult
    public func register<Service>(
        _ type: Service.Type,
        name: String? = nil,
        lifecycle: NonSendableLifecycle,
        with factory: @escaping @Sendable (DependencyContainer) async throws -> Service
    ) -> RegisteredService<Service> {
        let key = RegistrationKey(type, name: name)
        return registered(Registration(key: key, lifecycle: lifecycle.lifecycle, asyncFactory: factory), as: key)
    }

    /// Registers a factory with a teardown for a service that is not `Sendable`, on your word
    /// that its instance may be shared: see ``UncheckedLifecycle``.
    ///
    /// ```swift
    /// container.register(ScratchFile.self, lifecycle: .unchecked(.transient)) { _ in
    ///     try ScratchFile()
    /// } teardown: { file in
    ///     try file.remove()
    /// }
    /// ```
    ///
    /// Its teardown runs on its owner's task when the owner ends, while a resolver may still hold
    /// the instance; a plain `.transient` with a teardown would hand a non-`Sendable` instance to
    /// two isolation domains, and does not compile.
    ///
    /// - Parameters:
    ///   - type: The type callers ask for.
    ///   - name: A name that tells apart several registrations of one type; `nil` for the default.
    ///   - lifecycle: `.unchecked(_:)` with any lifecycle.
    ///   - factory: Builds the instance.
    ///   - teardown: Closes what the factory built, when its owner ends (see
    ///     <doc:AsyncFactoriesAndShutdown#Who-tears-down-what>).
    /// - Returns: The registration, for ``RegisteredService/implements(_:name:converting:)``.
    @discardableResult
    public func register<Service>(
        _ type: Service.Type,
        name: String? = nil,
        lifecycle: UncheckedLifecycle,
        with factory: @escaping @Sendable (DependencyContainer) throws -> Service,
        teardown: @escaping @Sendable (Service) async throws -> Void
    ) -> RegisteredService<Service> {
        registered(
            Registration(
                key: RegistrationKey(type, name: name), lifecycle: lifecycle.lifecycle, factory: factory,
                teardown: teardown))
    }

    /// Registers an async factory with a teardown for a service that is not `Sendable`, on your
    /// word that its instance may be shared: see ``UncheckedLifecycle``.
    ///
    /// - Parameters:
    ///   - type: The type callers ask for.
    ///   - name: A name that tells apart several registrations of one type; `nil` for the default.
    ///   - lifecycle: `.unchecked(_:)` with any lifecycle.
    ///   - factory: Builds the instance, awaiting what it needs.
    ///   - teardown: Closes what the factory built, when its owner ends (see
    ///     <doc:AsyncFactoriesAndShutdown#Who-tears-down-what>).
    /// - Returns: The registration, for ``RegisteredService/implements(_:name:converting:)``.
    @discardableResult
    public func register<Service>(
        _ type: Service.Type,
        name: String? = nil,
        lifecycle: UncheckedLifecycle,
        with factory: @escaping @Sendable (DependencyContainer) async throws -> Service,
        teardown: @escaping @Sendable (Service) async throws -> Void
    ) -> RegisteredService<Service> {
        registered(
            Registration(
                key: RegistrationKey(type, name: name), lifecycle: lifecycle.lifecycle, asyncFactory: factory,
                teardown: teardown))
    }
}
