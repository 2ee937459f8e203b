extension DependencyContainer {
    /// Registers a factory for a type, replacing any registration of the same type and name, and
    /// optionally a teardown that closes what it built when the instance's owner ends.
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
    /// container.register(MetricsExporter.self) { _ in MetricsExporter() } teardown: { exporter in
    ///     try await exporter.flush()
    /// }
    /// ```
    ///
    /// Replacing a registration drops the instance the old one had cached; the next resolve builds
    /// anew from the new factory. The old factory, with what it captured, is kept until the
    /// container is freed: a resolve on another thread may still be running it.
    ///
    /// A registration is keyed by its type with the optionals stripped, as the original Relay keyed
    /// it: registering `Store??` registers `Store` (replacing `Store`'s), and `Store?` resolves from
    /// it as from any registration of `Store`. Its factory returning `nil` fails a resolve of
    /// `Store`, and makes a resolve of `Store?` `nil`.
    ///
    /// Every instance with a teardown has one owner, which runs the teardown exactly once:
    /// - `.singleton`, `.eagerSingleton` and `.weak`: the container, at ``shutdown()``;
    /// - `.unitOfWork`: its unit of work, when the unit ends (closed, its body returned or threw or
    ///   was cancelled, the unit dropped, or ended by ``shutdown()``);
    /// - `.transient` and `.graph`: the unit of work that resolved it, when it ends, as a .NET scope
    ///   owns its transients; or the container, when a singleton's (or eager or weak) factory
    ///   resolved it, since that instance holds it for the container's life. Resolved anywhere else
    ///   (outside any unit), it is refused before its factory runs, with
    ///   ``DependencyResolutionError/Code/teardownWithoutOwner``: a teardown is never accepted and
    ///   then not run.
    ///
    /// Each owner runs its teardowns newest first, so an instance is closed before the instances it
    /// depends on; every one runs, even after one throws; they are not cancelled with the work
    /// they clean up. Failures reach whoever ended the owner (``shutdown()``,
    /// ``UnitOfWork/close()``, ``withUnitOfWork(isolation:_:)``), or, where nobody is left to
    /// receive them (a dropped unit), the observers of ``addTeardownFailureObserver(_:)`` and the
    /// next ``shutdown()``.
    ///
    /// A service that is not `Sendable` is registered with a ``NonSendableLifecycle`` instead: a
    /// shared lifecycle hands one instance to every caller, on any thread.
    ///
    /// - Parameters:
    ///   - type: The type callers ask for, usually a protocol.
    ///   - name: A name that tells apart several registrations of one type; `nil` for the default.
    ///   - lifecycle: How long built instances are kept. Defaults to `.singleton`.
    ///   - factory: Builds the instance. Errors it throws reach the caller of `resolve`, wrapped
    ///     with the resolution path.
    ///   - teardown: Closes the instance when its owner ends; what it throws is reported to whoever
    ///     ends the owner. `nil` (the default) for none.
    /// - Returns: The registration, to make it answer for more types with
    ///   ``RegisteredService/implements(_:name:converting:)``; ignore it otherwise.
    @discardableResult
    @_disfavoredOverload
    public func register<Service>(
        _ type: Service.Type,
        name: String? = nil,
        lifecycle: LifecycleType = .singleton,
        with factory: @escaping @Sendable (DependencyContainer) throws -> Service,
        teardown: (@Sendable (Service) async throws -> Void)? = nil
    ) -> RegisteredService<Service> where Service: Sendable {
        let key = RegistrationKey(type, name: name)
        return registered(Registration(key: key, lifecycle: lifecycle, factory: factory, teardown: teardown), as: key)
    }

    /// Registers an async factory for a type (one that awaits, to open a connection pool or an HTTP
    /// client the way Swift does), and optionally a teardown.
    ///
    /// Any lifecycle works. Resolve it with `try await resolve(_:name:)`; a synchronous resolve
    /// finds its instance once it is built (by an async resolve, or by `try await start()` for an
    /// `.eagerSingleton`), and before that throws ``DependencyResolutionError/Code/asyncFactory``
    /// rather than block. Who owns a teardown is the same as for a synchronous factory (see
    /// <doc:AsyncFactoriesAndShutdown#Who-tears-down-what>).
    ///
    /// ```swift
    /// container.register(Database.self) { container in
    ///     try await Database.connect(config: container.resolve(Config.self))
    /// } teardown: { database in
    ///     try await database.close()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type callers ask for, usually a protocol.
    ///   - name: A name that tells apart several registrations of one type; `nil` for the default.
    ///   - lifecycle: How long built instances are kept. Defaults to `.singleton`.
    ///   - factory: Builds the instance, awaiting what it needs.
    ///   - teardown: Closes the instance when its owner ends; `nil` (the default) for none.
    /// - Returns: The registration, to make it answer for more types with
    ///   ``RegisteredService/implements(_:name:converting:)``; ignore it otherwise.
    @discardableResult
    @_disfavoredOverload
    public func register<Service>(
        _ type: Service.Type,
        name: String? = nil,
        lifecycle: LifecycleType = .singleton,
        with factory: @escaping @Sendable (DependencyContainer) async throws -> Service,
        teardown: (@Sendable (Service) async throws -> Void)? = nil
    ) -> RegisteredService<Service> where Service: Sendable {
        let key = RegistrationKey(type, name: name)
        return registered(
            Registration(key: key, lifecycle: lifecycle, asyncFactory: factory, teardown: teardown), as: key)
    }

    /// Adds `registration` and returns it as `register` does, for `implements` to follow; `key` is
    /// its key, when the caller holds it already (a load from the registration less).
    @inline(__always)
    func registered<Service>(
        _ registration: Registration<Service>,
        as key: RegistrationKey? = nil
    ) -> RegisteredService<Service> {
        // Keyed by the type with the optionals stripped (`Store??` registers `Store`). `_isOptional`
        // reads the type's metadata kind: the common case pays that and nothing more.
        if _isOptional(Service.self), let stripped = registration.strippedOfOptionals() {
            add(stripped)
            return RegisteredService(container: self, key: stripped.key)
        }
        add(registration)
        return RegisteredService(container: self, key: key ?? registration.key)
    }

    /// Adds a registration built elsewhere (the dynamic registry builds its own).
    func add(_ registration: AnyRegistration) {
        // The replaced instance is released here, after the lock, in case a deinit resolves; the
        // replaced registration is retired, kept as long as the table (see `Contents.retired`).
        let replaced = withActingContainer { $0.table.withWrite { $0.insert(registration) } }
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
        Route(from: self).holdsAtOwnLevel(RegistrationKey(type, name: name))
    }
}
