/// A factory that states the type it produces.
///
/// Applying an instruction checks that the factory's type is the type the instruction's type key
/// names, and registers the factory without any cast on the resolve path.
///
/// ```swift
/// TypedDependencyFactory((any Clock).self) { _ in FixedClock(now: .init(timeIntervalSince1970: 0)) }
/// ```
public struct TypedDependencyFactory: Sendable {
    /// The type the factory produces.
    public let producedType: Any.Type

    /// Builds a registration of the produced type, with a lifecycle, remembering the instruction.
    let makeRegistration: @Sendable (_ lifecycle: LifecycleType, _ instruction: String) -> AnyRegistration

    /// Creates a typed factory.
    ///
    /// - Parameters:
    ///   - type: The abstract type the factory produces: the type its instructions name.
    ///   - factory: Builds the instance; receives the container the instruction registers it in.
    public init<Service: Sendable>(
        _ type: Service.Type,
        _ factory: @escaping @Sendable (DependencyContainer) throws -> Service
    ) {
        self.init(unchecked: type, factory)
    }

    /// A factory of a type whose sendability nothing checks: the untyped factories' casts, whose
    /// type the type index gives as `Any.Type`.
    init<Service>(
        unchecked type: Service.Type,
        _ factory: @escaping @Sendable (DependencyContainer) throws -> Service
    ) {
        producedType = type
        makeRegistration = { lifecycle, instruction in
            Registration(
                key: RegistrationKey(type, name: nil), lifecycle: lifecycle, instruction: instruction, factory: factory)
        }
    }

    /// Creates a typed factory whose instances are closed at ``DependencyContainer/shutdown()``.
    ///
    /// A stub that holds a resource (a file, a socket, a server of its own) closes it the way the
    /// default it replaces does:
    ///
    /// ```swift
    /// TypedDependencyFactory((any BookStore).self) { _ in try TemporaryStore() } teardown: { store in
    ///     try await store.close()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The abstract type the factory produces: the type its instructions name.
    ///   - factory: Builds the instance; receives the container the instruction registers it in.
    ///   - teardown: Closes a built instance when its owner ends (see
    ///     <doc:AsyncFactoriesAndShutdown#Who-tears-down-what>).
    public init<Service: Sendable>(
        _ type: Service.Type,
        _ factory: @escaping @Sendable (DependencyContainer) throws -> Service,
        teardown: @escaping @Sendable (Service) async throws -> Void
    ) {
        producedType = type
        makeRegistration = { lifecycle, instruction in
            Registration(
                key: RegistrationKey(type, name: nil), lifecycle: lifecycle, instruction: instruction,
                factory: factory, teardown: teardown)
        }
    }

    /// Creates a typed factory that awaits, optionally with a teardown.
    ///
    /// Its instances are resolved with `try await`, like any async registration.
    ///
    /// ```swift
    /// TypedDependencyFactory((any BookStore).self) { _ in try await SeededStore.open() }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The abstract type the factory produces: the type its instructions name.
    ///   - factory: Builds the instance; receives the container the instruction registers it in.
    ///   - teardown: Closes a built instance when its owner ends; `nil` (the default) for none.
    public init<Service: Sendable>(
        _ type: Service.Type,
        _ factory: @escaping @Sendable (DependencyContainer) async throws -> Service,
        teardown: (@Sendable (Service) async throws -> Void)? = nil
    ) {
        producedType = type
        makeRegistration = { lifecycle, instruction in
            Registration(
                key: RegistrationKey(type, name: nil), lifecycle: lifecycle, instruction: instruction,
                asyncFactory: factory, teardown: teardown)
        }
    }

    /// Wraps an untyped factory for `type`; what it returns is checked on every build.
    init(casting factory: @escaping DependencyFactory, to type: Any.Type, factoryKey: DependencyFactoryKey) {
        func typed<Service>(_ type: Service.Type) -> TypedDependencyFactory {
            TypedDependencyFactory(unchecked: type) { container in
                let built = try factory(container)
                guard let service = built as? Service else {
                    throw DynamicDependencyIndexError.factoryProducedWrongType(
                        factory: factoryKey, produced: Swift.type(of: built), expected: type)
                }
                return service
            }
        }
        self = typed(type)
    }
}
