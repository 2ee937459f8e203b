extension DependencyContainer {
    /// Registers a type by its initializer, resolving each of the initializer's parameters by type,
    /// and optionally a teardown that closes what it built when its owner ends.
    ///
    /// Pass the initializer itself; Relay resolves one instance of every parameter's type, in
    /// order, and calls it. The registration is an ordinary one: any lifecycle, replaced by
    /// registering the type again or by a dynamic instruction, checked by `validate()`. Its
    /// parameters are its declared dependencies: ``check()`` checks them without calling it.
    ///
    /// ```swift
    /// struct Shelf {
    ///     let store: any BookStore
    ///     let clock: any Clock
    /// }
    /// container.register(Shelf.self, initializer: Shelf.init)
    /// // the same as
    /// container.register(Shelf.self) { container in
    ///     try Shelf(store: container.resolve((any BookStore).self), clock: container.resolve((any Clock).self))
    /// }
    /// container.register(MetricsExporter.self, initializer: MetricsExporter.init) { exporter in
    ///     try await exporter.flush()
    /// }
    /// ```
    ///
    /// Parameters are resolved by type only, from the container that holds the registration,
    /// without a name; write the factory out to resolve a named one. When the type has several
    /// initializers, name the one to use: `Shelf.init(store:clock:)`. A missing parameter type is
    /// the usual ``DependencyResolutionError/Code/notRegistered`` error, with the path
    /// `Shelf -> BookStore`. A synchronous initializer makes a synchronous registration, in async
    /// code too; an `async` one makes an async registration, as an async factory does.
    ///
    /// - Parameters:
    ///   - type: The type callers ask for, usually a protocol.
    ///   - name: A name that tells apart several registrations of one type; `nil` for the default.
    ///   - lifecycle: How long built instances are kept. Defaults to `.singleton`.
    ///   - initializer: Builds the instance from its dependencies, each resolved by type. Errors it
    ///     throws reach the caller of `resolve`, wrapped with the resolution path.
    ///   - teardown: Closes the instance when its owner ends (see
    ///     <doc:AsyncFactoriesAndShutdown#Who-tears-down-what>); what it throws is reported to whoever
    ///     ends it. `nil` (the default) for none.
    /// - Returns: The registration, to make it answer for more types with
    ///   ``RegisteredService/implements(_:name:converting:)``; ignore it otherwise.
    @inlinable
    @discardableResult
    @_disfavoredOverload
    public func register<Service, each Dependency>(
        _ type: Service.Type,
        name: String? = nil,
        lifecycle: LifecycleType = .singleton,
        initializer: @escaping @Sendable (repeat each Dependency) throws -> Service,
        teardown: (@Sendable (Service) async throws -> Void)? = nil
    ) -> RegisteredService<Service> where Service: Sendable {
        // Inlinable, with `autowired`: in the caller's module the factory is specialised for the
        // initializer's parameter types, so it resolves each as a closure written out would (in
        // Relay's module it would pass every type through the pack at run time: a third more
        // instructions for a transient graph). An initializer of 2 to 6 parameters takes one of the
        // fixed forms below instead (more specialised, so preferred): specialised, a pack of two or
        // more still goes through a tuple laid out from its metadata at run time, which costs two
        // metadata lookups and keeps the optimiser from pairing each argument's retain and release
        // (callgrind: 120 instructions of a transient graph's 2,530).
        registerAutowired(
            type, name: name, lifecycle: lifecycle, factory: Self.autowired(initializer), teardown: teardown,
            declaring: repeat (each Dependency).self)
    }

    /// Registers a type by its async initializer, resolving each parameter by type, awaiting, and
    /// optionally a teardown; see the synchronous form above.
    ///
    /// The registration is async, like one made with an async factory: resolve it with
    /// `try await resolve(_:name:)`.
    ///
    /// ```swift
    /// container.register(Database.self, initializer: Database.init(config:)) { database in  // init(config:) async throws
    ///     try await database.close()
    /// }
    /// let database = try await container.resolve(Database.self)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type callers ask for, usually a protocol.
    ///   - name: A name that tells apart several registrations of one type; `nil` for the default.
    ///   - lifecycle: How long built instances are kept. Defaults to `.singleton`.
    ///   - initializer: Builds the instance from its dependencies, each resolved by type, awaiting.
    ///   - teardown: Closes the instance when its owner ends; `nil` (the default) for none.
    /// - Returns: The registration, to make it answer for more types with
    ///   ``RegisteredService/implements(_:name:converting:)``; ignore it otherwise.
    @inlinable
    @discardableResult
    @_disfavoredOverload
    public func register<Service, each Dependency>(
        _ type: Service.Type,
        name: String? = nil,
        lifecycle: LifecycleType = .singleton,
        initializer: @escaping @Sendable (repeat each Dependency) async throws -> Service,
        teardown: (@Sendable (Service) async throws -> Void)? = nil
    ) -> RegisteredService<Service> where Service: Sendable {
        registerAutowired(
            type, name: name, lifecycle: lifecycle, asyncFactory: Self.autowired(initializer), teardown: teardown,
            declaring: repeat (each Dependency).self)
    }

    /// Registers a type by its initializer of 2 parameters, resolving each by type: the same
    /// registration as the parameter-pack form above, in a form the optimiser compiles without a
    /// pack (see that form's implementation note).
    @_documentation(visibility: private)
    @inlinable
    @discardableResult
    @_disfavoredOverload
    public func register<Service, First, Second>(
        _ type: Service.Type,
        name: String? = nil,
        lifecycle: LifecycleType = .singleton,
        initializer: @escaping @Sendable (First, Second) throws -> Service,
        teardown: (@Sendable (Service) async throws -> Void)? = nil
    ) -> RegisteredService<Service> where Service: Sendable {
        registerAutowired(
            type, name: name, lifecycle: lifecycle,
            factory: { container in
                try initializer(container.resolveUnnamed(First.self), container.resolveUnnamed(Second.self))
            },
            teardown: teardown, declaring: First.self, Second.self)
    }

    /// Registers a type by its initializer of 3 parameters, resolving each by type: the same
    /// registration as the parameter-pack form above, in a form the optimiser compiles without a
    /// pack (see that form's implementation note).
    @_documentation(visibility: private)
    @inlinable
    @discardableResult
    @_disfavoredOverload
    public func register<Service, First, Second, Third>(
        _ type: Service.Type,
        name: String? = nil,
        lifecycle: LifecycleType = .singleton,
        initializer: @escaping @Sendable (First, Second, Third) throws -> Service,
        teardown: (@Sendable (Service) async throws -> Void)? = nil
    ) -> RegisteredService<Service> where Service: Sendable {
        registerAutowired(
            type, name: name, lifecycle: lifecycle,
            factory: { container in
                try initializer(
                    container.resolveUnnamed(First.self), container.resolveUnnamed(Second.self),
                    container.resolveUnnamed(Third.self))
            },
            teardown: teardown, declaring: First.self, Second.self, Third.self)
    }

    /// Registers a type by its initializer of 4 parameters, resolving each by type: the same
    /// registration as the parameter-pack form above, in a form the optimiser compiles without a
    /// pack (see that form's implementation note).
    @_documentation(visibility: private)
    @inlinable
    @discardableResult
    @_disfavoredOverload
    public func register<Service, First, Second, Third, Fourth>(
        _ type: Service.Type,
        name: String? = nil,
        lifecycle: LifecycleType = .singleton,
        initializer: @escaping @Sendable (First, Second, Third, Fourth) throws -> Service,
        teardown: (@Sendable (Service) async throws -> Void)? = nil
    ) -> RegisteredService<Service> where Service: Sendable {
        registerAutowired(
            type, name: name, lifecycle: lifecycle,
            factory: { container in
                try initializer(
                    container.resolveUnnamed(First.self), container.resolveUnnamed(Second.self),
                    container.resolveUnnamed(Third.self), container.resolveUnnamed(Fourth.self))
            },
            teardown: teardown, declaring: First.self, Second.self, Third.self, Fourth.self)
    }

    /// Registers a type by its initializer of 5 parameters, resolving each by type: the same
    /// registration as the parameter-pack form above, in a form the optimiser compiles without a
    /// pack (see that form's implementation note).
    @_documentation(visibility: private)
    @inlinable
    @discardableResult
    @_disfavoredOverload
    public func register<Service, First, Second, Third, Fourth, Fifth>(
        _ type: Service.Type,
        name: String? = nil,
        lifecycle: LifecycleType = .singleton,
        initializer: @escaping @Sendable (First, Second, Third, Fourth, Fifth) throws -> Service,
        teardown: (@Sendable (Service) async throws -> Void)? = nil
    ) -> RegisteredService<Service> where Service: Sendable {
        registerAutowired(
            type, name: name, lifecycle: lifecycle,
            factory: { container in
                try initializer(
                    container.resolveUnnamed(First.self), container.resolveUnnamed(Second.self),
                    container.resolveUnnamed(Third.self), container.resolveUnnamed(Fourth.self),
                    container.resolveUnnamed(Fifth.self))
            },
            teardown: teardown, declaring: First.self, Second.self, Third.self, Fourth.self, Fifth.self)
    }

    /// Registers a type by its initializer of 6 parameters, resolving each by type: the same
    /// registration as the parameter-pack form above, in a form the optimiser compiles without a
    /// pack (see that form's implementation note).
    @_documentation(visibility: private)
    @inlinable
    @discardableResult
    @_disfavoredOverload
    public func register<Service, First, Second, Third, Fourth, Fifth, Sixth>(
        _ type: Service.Type,
        name: String? = nil,
        lifecycle: LifecycleType = .singleton,
        initializer: @escaping @Sendable (First, Second, Third, Fourth, Fifth, Sixth) throws -> Service,
        teardown: (@Sendable (Service) async throws -> Void)? = nil
    ) -> RegisteredService<Service> where Service: Sendable {
        registerAutowired(
            type, name: name, lifecycle: lifecycle,
            factory: { container in
                try initializer(
                    container.resolveUnnamed(First.self), container.resolveUnnamed(Second.self),
                    container.resolveUnnamed(Third.self), container.resolveUnnamed(Fourth.self),
                    container.resolveUnnamed(Fifth.self), container.resolveUnnamed(Sixth.self))
            },
            teardown: teardown, declaring: First.self, Second.self, Third.self, Fourth.self, Fifth.self, Sixth.self)
    }

    /// Adds an autowired registration, its parameters' types declared as its dependencies.
    @usableFromInline
    func registerAutowired<Service: Sendable, each Dependency>(
        _ type: Service.Type,
        name: String?,
        lifecycle: LifecycleType,
        factory: @escaping @Sendable (DependencyContainer) throws -> Service,
        teardown: (@Sendable (Service) async throws -> Void)?,
        declaring dependencies: repeat (each Dependency).Type
    ) -> RegisteredService<Service> {
        let key = RegistrationKey(type, name: name)
        let registration = Registration(key: key, lifecycle: lifecycle, factory: factory, teardown: teardown)
        registration.declaredDependencies = DeclaredDependency.parameters(repeat each dependencies)
        return registered(registration, as: key)
    }

    /// Adds an autowired registration with an async factory, its parameters' types declared as its
    /// dependencies.
    @usableFromInline
    func registerAutowired<Service: Sendable, each Dependency>(
        _ type: Service.Type,
        name: String?,
        lifecycle: LifecycleType,
        asyncFactory: @escaping @Sendable (DependencyContainer) async throws -> Service,
        teardown: (@Sendable (Service) async throws -> Void)?,
        declaring dependencies: repeat (each Dependency).Type
    ) -> RegisteredService<Service> {
        let key = RegistrationKey(type, name: name)
        let registration = Registration(key: key, lifecycle: lifecycle, asyncFactory: asyncFactory, teardown: teardown)
        registration.declaredDependencies = DeclaredDependency.parameters(repeat each dependencies)
        return registered(registration, as: key)
    }

    /// A factory that resolves each of the initializer's parameters by type, in order, and calls it.
    @inlinable
    static func autowired<Service, each Dependency>(
        _ initializer: @escaping @Sendable (repeat each Dependency) throws -> Service
    ) -> @Sendable (DependencyContainer) throws -> Service {
        { container in try initializer(repeat container.resolveUnnamed((each Dependency).self)) }
    }

    /// An async factory that resolves each of the initializer's parameters by type, in order,
    /// awaiting, and calls it.
    @inlinable
    static func autowired<Service, each Dependency>(
        _ initializer: @escaping @Sendable (repeat each Dependency) async throws -> Service
    ) -> @Sendable (DependencyContainer) async throws -> Service {
        { container in
            let dependencies = (repeat try await container.resolve((each Dependency).self))
            return try await initializer(repeat each dependencies)
        }
    }
}
