extension DependencyContainer {
    /// Registers a factory that takes runtime arguments: values known only where the type is
    /// resolved, such as the user a session is for.
    ///
    /// The factory receives the container, then the arguments that the resolve passes, in order.
    /// Declare their types in the closure; one argument or several:
    ///
    /// ```swift
    /// container.register(UserSession.self) { (container, userID: String) in
    ///     try UserSession(userID: userID, store: container.resolve((any SessionStore).self))
    /// }
    /// let session = try container.resolve(UserSession.self, arguments: "42")
    ///
    /// container.register(ReviewForm.self) { (container, isbn: String, rating: Int) in
    ///     ReviewForm(isbn: isbn, rating: rating)
    /// }
    /// let form = try container.resolve(ReviewForm.self, arguments: "9780441013593", 5)
    /// ```
    ///
    /// Every resolve builds a new instance, since the instance depends on its arguments: the
    /// container keeps nothing, as for `.transient`, and there is no lifecycle to choose. A
    /// registration is keyed by its argument types too: registrations of one type and name with
    /// other arguments, or none, stand beside it, and a resolve picks the one whose argument types
    /// match those it passes; registering the same types again replaces it. Arguments cross into
    /// the factory, which may run on another thread, so their types are `Sendable`.
    ///
    /// ``validate()`` and ``dependencyGraph()`` cannot invent arguments: they list such a
    /// registration without building it, and ``resolveAll(_:)-9ivbp`` leaves it out.
    ///
    /// - Parameters:
    ///   - type: The type callers ask for, usually a protocol.
    ///   - name: A name that tells apart several registrations of one type; `nil` for the default.
    ///   - factory: Builds the instance from the container and the arguments. Errors it throws
    ///     reach the caller of `resolve`, wrapped with the resolution path.
    /// - Returns: The registration, for ``RegisteredService/implements(_:name:converting:)``: an
    ///   alias of it takes the same arguments.
    @discardableResult
    public func register<Service, First: Sendable, each Rest: Sendable>(
        _ type: Service.Type,
        name: String? = nil,
        with factory: @escaping @Sendable (DependencyContainer, First, repeat each Rest) throws -> Service
    ) -> RegisteredService<Service> {
        registered(Registration(key: RegistrationKey(type, name: name), argumentFactory: factory))
    }

    /// Registers an async factory that takes runtime arguments; see ``register(_:name:with:)-14k2o``.
    ///
    /// Resolve it with `try await` ``resolve(_:name:arguments:_:)-4h3p5``.
    ///
    /// ```swift
    /// container.register(UserSession.self) { (container, userID: String) in
    ///     try await UserSession.open(userID: userID, store: container.resolve((any SessionStore).self))
    /// }
    /// let session = try await container.resolve(UserSession.self, arguments: "42")
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type callers ask for, usually a protocol.
    ///   - name: A name that tells apart several registrations of one type; `nil` for the default.
    ///   - factory: Builds the instance from the container and the arguments, awaiting what it needs.
    /// - Returns: The registration, for ``RegisteredService/implements(_:name:converting:)``.
    @discardableResult
    public func register<Service, First: Sendable, each Rest: Sendable>(
        _ type: Service.Type,
        name: String? = nil,
        with factory: @escaping @Sendable (DependencyContainer, First, repeat each Rest) async throws -> Service
    ) -> RegisteredService<Service> {
        registered(Registration(key: RegistrationKey(type, name: name), argumentFactory: factory))
    }

    /// Builds a new instance of a type registered with a factory that takes runtime arguments,
    /// passing it these.
    ///
    /// The arguments must have the types the factory declares, in the same order. Resolution is
    /// otherwise as for ``resolve(_:name:)-6gdcl``: a scope falls back to its root, overrides and the
    /// observer apply, and the factory's own dependencies appear on the path of any error.
    ///
    /// ```swift
    /// let session = try container.resolve(UserSession.self, arguments: "42")
    /// let form = try container.resolve(ReviewForm.self, name: "compact", arguments: "9780441013593", 5)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The registered type.
    ///   - name: The registration's name; `nil` for the default.
    ///   - first: The factory's first argument.
    ///   - rest: Its other arguments, in order.
    /// - Returns: A new instance, built by the factory from the arguments.
    /// - Throws: ``DependencyResolutionError`` with code ``DependencyResolutionError/Code/argumentMismatch``
    ///   when the registration takes arguments of other types, or none (the message states both
    ///   signatures); ``DependencyResolutionError/Code/asyncFactory`` when its factory is async;
    ///   otherwise as `resolve(_:name:)` does.
    public func resolve<Service, First: Sendable, each Rest: Sendable>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        arguments first: First,
        _ rest: repeat each Rest
    ) throws -> Service {
        let signature = ArgumentSignature(First.self, repeat (each Rest).self)
        let key = RegistrationKey(type, name: name, arguments: signature)
        try ArgumentPassing.requireRegistration(
            for: key, passing: signature, from: self, depth: ResolutionThreadState.current.path.count)
        let pending = PendingArguments(for: key, first, repeat each rest)
        return try PendingArguments.$current.withValue(pending) {
            try resolve(key: key)
        }
    }

    /// Builds a new instance of a type registered with a factory that takes runtime arguments,
    /// passing it these and awaiting an async factory; see ``resolve(_:name:arguments:_:)-79i33``.
    ///
    /// ```swift
    /// let session = try await container.resolve(UserSession.self, arguments: "42")
    /// ```
    ///
    /// - Parameters:
    ///   - type: The registered type.
    ///   - name: The registration's name; `nil` for the default.
    ///   - first: The factory's first argument.
    ///   - rest: Its other arguments, in order.
    /// - Returns: A new instance, built by the factory from the arguments.
    /// - Throws: ``DependencyResolutionError`` with code ``DependencyResolutionError/Code/argumentMismatch``
    ///   when the registration takes arguments of other types, or none; otherwise as
    ///   `resolve(_:name:)` does.
    nonisolated(nonsending) public func resolve<Service, First: Sendable, each Rest: Sendable>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        arguments first: First,
        _ rest: repeat each Rest
    ) async throws -> Service {
        let signature = ArgumentSignature(First.self, repeat (each Rest).self)
        let key = RegistrationKey(type, name: name, arguments: signature)
        try ArgumentPassing.requireRegistration(
            for: key, passing: signature, from: self, depth: AsyncResolutionPath.current.count)
        let pending = PendingArguments(for: key, first, repeat each rest)
        return try await PendingArguments.$current.withValue(pending) {
            try await resolve(key: key)
        }
    }
}
