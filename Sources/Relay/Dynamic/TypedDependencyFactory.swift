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

    /// Whether its configuration may be left out: an optional, which the factory gets as `nil`.
    let configurationIsOptional: Bool

    /// Whether it makes a stub whose calls the test answers (``answeredByTest(_:_:)``).
    let isAnsweredByTest: Bool

    /// Whether it makes a spy (``spiedByTest(_:_:)``): its registration wraps the one it replaces.
    let spies: Bool

    /// Builds a registration of the produced type, with a lifecycle, remembering the instruction;
    /// a spy's wraps `spiedOn`, the registration its instruction replaces.
    typealias MakeRegistration =
        @Sendable (_ lifecycle: LifecycleType, _ instruction: String, _ spiedOn: SpiedRegistration?) -> AnyRegistration

    /// Checks an instruction's configuration (decoding it, for a factory that takes one) and, for a
    /// stub the test answers, that something answers; returns how to make the registration: before
    /// anything is registered, so that an instruction that does not fit fails the whole injection.
    let prepare:
        @Sendable (_ instruction: DependencyInjectionInstruction, _ answerer: (any StubCallAnswering)?)
            throws(ConfigurationMismatch) -> MakeRegistration

    /// Why an instruction's configuration does not fit its factory.
    enum ConfigurationMismatch: Error {
        /// The instruction carries one; the factory takes none.
        case notTaken
        /// The factory takes one; the instruction carries none.
        case missing
        /// It does not decode; why.
        case notDecodable(String)
        /// The factory makes a stub the test answers, and nothing answers.
        case noAnswerer
    }

    /// A factory that takes no configuration, making registrations with `makeRegistration`.
    private init(producing type: Any.Type, _ makeRegistration: @escaping MakeRegistration) {
        producedType = type
        configurationType = nil
        configurationIsOptional = false
        isAnsweredByTest = false
        spies = false
        prepare = { (instruction, _) throws(ConfigurationMismatch) -> MakeRegistration in
            guard instruction.configuration == nil else { throw .notTaken }
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
        self.init(producing: type) { lifecycle, instruction, _ in
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
        self.init(producing: type) { lifecycle, instruction, _ in
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
        self.init(producing: type) { lifecycle, instruction, _ in
            Registration(
                key: RegistrationKey(type, name: nil), lifecycle: lifecycle, instruction: instruction,
                asyncFactory: factory, teardown: teardown)
        }
    }

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
        let isOptional = _isOptional(Configuration.self)
        configurationIsOptional = isOptional
        isAnsweredByTest = false
        spies = false
        prepare = { (instruction, _) throws(ConfigurationMismatch) -> MakeRegistration in
            let text = instruction.configuration
            // An optional configuration may be left out: the factory gets `nil`.
            guard let text = text ?? (isOptional ? "null" : nil) else { throw .missing }
            let decoded: Configuration
            do {
                decoded = try InstructionConfiguration.decode(Configuration.self, from: text)
            } catch {
                throw .notDecodable(InstructionConfiguration.reason(error))
            }
            return { lifecycle, instruction, _ in makeRegistration(decoded, lifecycle, instruction) }
        }
    }

    /// A factory of a stub whose calls the test answers: the stub forwards each call through the
    /// ``StubCalls`` it is given, and returns what the test answers.
    ///
    /// ```swift
    /// struct StubFactoryIndex: TypedDependencyFactoryIndexable {
    ///     let index: [DependencyFactoryKey: TypedDependencyFactory] = [
    ///         .answeredCatalog: .answeredByTest((any BookCatalogClient).self) { calls in
    ///             AnsweredCatalog(calls: calls)
    ///         },
    ///     ]
    /// }
    /// ```
    ///
    /// An instruction that names it is applied only where a test answers: in a program launched by
    /// RelayTesting's `ProgramLauncher` with its `stubAnswers` set (which hands the program a
    /// channel to the test), or in process by a parser created with
    /// ``InjectDependenciesArgumentParser/init(index:container:allowedTypes:allowsUnregisteredTypes:readsEnvironment:environment:report:answering:testHooks:)``.
    /// Anywhere else the whole injection fails, before anything is registered, with
    /// ``DynamicDependencyIndexError/Code/noTestAnswers``. See ``StubCalls`` for the stub's side.
    ///
    /// - Parameters:
    ///   - type: The abstract type the factory produces: the type its instructions name.
    ///   - factory: Builds the stub; receives the line its calls go through, named by the
    ///     instruction's type key.
    /// - Returns: The factory.
    public static func answeredByTest<Service: Sendable>(
        _ type: Service.Type,
        _ factory: @escaping @Sendable (StubCalls) throws -> Service
    ) -> TypedDependencyFactory {
        let prepare = {
            @Sendable (instruction: DependencyInjectionInstruction, answerer: (any StubCallAnswering)?)
                throws(ConfigurationMismatch) -> MakeRegistration in
            let calls = StubCalls(typeKey: instruction.type, answerer: try answering(instruction, by: answerer))
            return { lifecycle, instruction, _ in
                Registration(
                    key: RegistrationKey(type, name: nil), lifecycle: lifecycle, instruction: instruction,
                    factory: { _ in try factory(calls) })
            }
        }
        return TypedDependencyFactory(producing: type, prepare: prepare)
    }

    /// A factory of a spy: a wrapper around the implementation its instruction replaces (the
    /// program's own registration of the type in the instruction's scope, or global), whose calls
    /// go through the ``SpiedCalls`` it is given: the test answers each, or lets the real
    /// implementation answer, and its journal keeps every call with its outcome.
    ///
    /// ```swift
    /// public struct BookshelfStubFactoryIndex: TypedDependencyFactoryIndexable {
    ///     public let index: [DependencyFactoryKey: TypedDependencyFactory] = [
    ///         .spiedCatalog: .spiedByTest((any BookCatalogClient).self) { calls, real in
    ///             SpiedCatalog(calls: calls, real: real)
    ///         },
    ///     ]
    /// }
    /// ```
    ///
    /// The real implementation is built through its own registration, with its own lifecycle and
    /// dependencies (in a session, the program's own). As for ``answeredByTest(_:_:)``, an
    /// instruction that names it is applied only where a test answers; and where the program
    /// registers nothing to wrap, the whole injection fails, before anything is registered, with
    /// ``DynamicDependencyIndexError/Code/nothingToSpyOn``.
    ///
    /// - Parameters:
    ///   - type: The abstract type the factory produces: the type its instructions name.
    ///   - factory: Builds the spy from the line its calls go through and the real implementation.
    /// - Returns: The factory.
    public static func spiedByTest<Service: Sendable>(
        _ type: Service.Type,
        _ factory: @escaping @Sendable (SpiedCalls, Service) throws -> Service
    ) -> TypedDependencyFactory {
        let prepare = {
            @Sendable (instruction: DependencyInjectionInstruction, answerer: (any StubCallAnswering)?)
                throws(ConfigurationMismatch) -> MakeRegistration in
            let calls = SpiedCalls(typeKey: instruction.type, answerer: try answering(instruction, by: answerer))
            let spy = instruction
            return { lifecycle, text, spiedOn in
                spiedOn?.wrapped(by: factory, calls: calls, lifecycle: lifecycle, instruction: text)
                    // Not reached through the registry, which finds what every spy wraps before
                    // anything registers; a spy with nothing to wrap fails each build, clearly.
                    ?? Registration(
                        key: RegistrationKey(type, name: nil), lifecycle: lifecycle, instruction: text,
                        factory: { _ in throw DynamicDependencyIndexError.nothingToSpyOn(spy, type: type) })
            }
        }
        return TypedDependencyFactory(producing: type, spies: true, prepare: prepare)
    }

    /// What answers the calls of a stub or spy `instruction` names: an instruction for one carries
    /// no configuration, and needs a test that answers.
    private static func answering(
        _ instruction: DependencyInjectionInstruction, by answerer: (any StubCallAnswering)?
    ) throws(ConfigurationMismatch) -> any StubCallAnswering {
        guard instruction.configuration == nil else { throw .notTaken }
        guard let answerer else { throw .noAnswerer }
        return answerer
    }

    /// A factory that prepares its registrations with `prepare`.
    private init(
        producing type: Any.Type,
        spies: Bool = false,
        prepare:
            @escaping @Sendable (DependencyInjectionInstruction, (any StubCallAnswering)?)
            throws(ConfigurationMismatch) -> MakeRegistration
    ) {
        producedType = type
        configurationType = nil
        configurationIsOptional = false
        isAnsweredByTest = true
        self.spies = spies
        self.prepare = prepare
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
