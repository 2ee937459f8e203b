/// A factory that states the type it produces.
///
/// Applying an instruction checks that the factory's type is the type the instruction's type key
/// names, and registers the factory without any cast on the resolve path.
///
/// ```swift
/// TypedDependencyFactory((any Clock).self) { _ in FixedClock(now: .init(timeIntervalSince1970: 0)) }
/// ```
///
/// A factory may take data from the test that launches the program: a configuration, decoded from
/// the instruction's `configuration` (see ``init(_:configuration:_:)``).
public struct TypedDependencyFactory: Sendable {
    /// The type the factory produces.
    public let producedType: Any.Type

    /// The configuration the factory takes from its instruction; `nil` when it takes none.
    public let configurationType: Any.Type?

    /// Builds a registration of the produced type, with a lifecycle, remembering the instruction.
    typealias MakeRegistration = @Sendable (_ lifecycle: LifecycleType, _ instruction: String) -> AnyRegistration

    /// Checks an instruction's configuration (decoding it, for a factory that takes one), and
    /// returns how to make the registration: before anything is registered, so that a
    /// configuration that does not fit fails the whole injection.
    let prepare: @Sendable (_ configuration: String?) throws(ConfigurationMismatch) -> MakeRegistration

    /// Why an instruction's configuration does not fit its factory.
    enum ConfigurationMismatch: Error {
        /// The instruction carries one; the factory takes none.
        case notTaken
        /// The factory takes one; the instruction carries none.
        case missing
        /// It does not decode; why.
        case notDecodable(String)
    }

    /// A factory that takes no configuration, making registrations with `makeRegistration`.
    private init(producing type: Any.Type, _ makeRegistration: @escaping MakeRegistration) {
        producedType = type
        configurationType = nil
        prepare = { (configuration: String?) throws(ConfigurationMismatch) -> MakeRegistration in
            guard configuration == nil else { throw .notTaken }
            return makeRegistration
        }
    }

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
        self.init(producing: type) { lifecycle, instruction in
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
        self.init(producing: type) { lifecycle, instruction in
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
        self.init(producing: type) { lifecycle, instruction in
            Registration(
                key: RegistrationKey(type, name: nil), lifecycle: lifecycle, instruction: instruction,
                asyncFactory: factory, teardown: teardown)
        }
    }

    /// Wraps an untyped factory for `type`; what it returns is checked on every build.
    /// Creates a typed factory that takes a configuration from its instruction: data from the test
    /// that launched the program (a stub's date, the books it knows), decoded from JSON.
    ///
    /// ```swift
    /// struct FixedClockConfiguration: Codable, Sendable { var now: Date }
    ///
    /// TypedDependencyFactory((any Clock).self, configuration: FixedClockConfiguration.self) { _, configuration in
    ///     FixedClock(now: configuration.now)
    /// }
    /// // the test:
    /// try launcher.inject(
    ///     DependencyInstructionLaunchArgument(
    ///         type: .clock, factory: .fixedClock, configuration: FixedClockConfiguration(now: someDate)))
    /// ```
    ///
    /// The configuration is decoded when the instruction is applied, with every other instruction,
    /// before anything is registered: one that does not decode, or is missing, fails the whole
    /// injection with a ``DynamicDependencyIndexError`` that quotes the instruction. Dates are
    /// ISO 8601, as ``DependencyInstructionLaunchArgument`` encodes them. A factory whose
    /// configuration is optional (`Configuration?.self`) also serves instructions without one, and
    /// gets `nil`: one key for the stub, with or without data from the test.
    ///
    /// - Parameters:
    ///   - type: The abstract type the factory produces: the type its instructions name.
    ///   - configuration: The type of the configuration it takes.
    ///   - factory: Builds the instance; receives the container the instruction registers it in,
    ///     and the instruction's configuration.
    public init<Service: Sendable, Configuration: Decodable & Sendable>(
        _ type: Service.Type,
        configuration: Configuration.Type,
        _ factory: @escaping @Sendable (DependencyContainer, Configuration) throws -> Service
    ) {
        self.init(producing: type, configuration: configuration) { configuration, lifecycle, instruction in
            Registration(
                key: RegistrationKey(type, name: nil), lifecycle: lifecycle, instruction: instruction,
                factory: { container in try factory(container, configuration) })
        }
    }

    /// Creates a typed factory that awaits and takes a configuration from its instruction,
    /// optionally with a teardown; see ``init(_:configuration:_:)``.
    ///
    /// - Parameters:
    ///   - type: The abstract type the factory produces: the type its instructions name.
    ///   - configuration: The type of the configuration it takes.
    ///   - factory: Builds the instance, awaiting what it needs; receives the container and the
    ///     instruction's configuration.
    ///   - teardown: Closes a built instance when its owner ends; `nil` (the default) for none.
    public init<Service: Sendable, Configuration: Decodable & Sendable>(
        _ type: Service.Type,
        configuration: Configuration.Type,
        _ factory: @escaping @Sendable (DependencyContainer, Configuration) async throws -> Service,
        teardown: (@Sendable (Service) async throws -> Void)? = nil
    ) {
        self.init(producing: type, configuration: configuration) { configuration, lifecycle, instruction in
            Registration(
                key: RegistrationKey(type, name: nil), lifecycle: lifecycle, instruction: instruction,
                asyncFactory: { container in try await factory(container, configuration) }, teardown: teardown)
        }
    }

    /// A factory that takes a configuration of type `Configuration`, making registrations with
    /// `makeRegistration` from the decoded value.
    private init<Configuration: Decodable & Sendable>(
        producing type: Any.Type,
        configuration: Configuration.Type,
        _ makeRegistration: @escaping @Sendable (Configuration, LifecycleType, String) -> AnyRegistration
    ) {
        producedType = type
        configurationType = configuration
        prepare = { (text: String?) throws(ConfigurationMismatch) -> MakeRegistration in
            // An optional configuration may be left out: the factory gets `nil`.
            guard let text = text ?? (_isOptional(Configuration.self) ? "null" : nil) else { throw .missing }
            let decoded: Configuration
            do {
                decoded = try InstructionConfiguration.decode(Configuration.self, from: text)
            } catch {
                throw .notDecodable(InstructionConfiguration.reason(error))
            }
            return { lifecycle, instruction in makeRegistration(decoded, lifecycle, instruction) }
        }
    }

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
