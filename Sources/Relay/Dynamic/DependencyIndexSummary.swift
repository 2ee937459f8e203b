/// What a program's ``DynamicDependencyIndex`` holds, by name: every type key with the type it
/// names, every factory key with what its factory produces and takes. A plain value, encoded as
/// JSON, so that a test can check its instructions against a program's index without starting it.
///
/// ```swift
/// let summary = DynamicDependencyIndex.shared.summary
/// try summary.check(DependencyInjectionInstruction(parsing: "type=clock,factory=fixedClock"), answersStubs: false)
/// ```
///
/// RelayTesting's launcher asks a program for its summary once per binary and checks every launch's
/// instructions against it before it starts the program (see ``DependencySelfCheck``).
public struct DependencyIndexSummary: Codable, Sendable, Hashable {
    /// A Swift type, by name.
    public struct IndexedType: Codable, Sendable, Hashable, CustomStringConvertible {
        /// The name messages show: `any BookStore`.
        public let name: String
        /// The name with its module, which tells two types of one name apart: `any BookshelfCore.BookStore`.
        public let qualifiedName: String

        /// Names `type`.
        ///
        /// - Parameter type: The type.
        public init(_ type: Any.Type) {
            name = String(describing: type)
            qualifiedName = String(reflecting: type)
        }

        /// The name messages show.
        public var description: String { name }
    }

    /// A factory, by what it produces and takes.
    public struct IndexedFactory: Codable, Sendable, Hashable {
        /// The type it produces; `nil` for an untyped factory (``DependencyFactory``), whose result
        /// is checked only when it is resolved.
        public let produces: IndexedType?
        /// The configuration it takes from its instruction; `nil` when it takes none.
        public let configuration: IndexedType?
        /// Whether its configuration may be left out (the factory takes an optional).
        public let configurationIsOptional: Bool
        /// Whether it makes a stub whose calls the test answers.
        public let isAnsweredByTest: Bool

        /// Describes a typed factory.
        init(_ factory: TypedDependencyFactory) {
            produces = IndexedType(factory.producedType)
            configuration = factory.configurationType.map(IndexedType.init)
            configurationIsOptional = factory.configurationIsOptional
            isAnsweredByTest = factory.isAnsweredByTest
        }

        /// Describes an untyped factory.
        static let untyped = IndexedFactory(
            produces: nil, configuration: nil, configurationIsOptional: false, isAnsweredByTest: false)

        private init(
            produces: IndexedType?, configuration: IndexedType?, configurationIsOptional: Bool, isAnsweredByTest: Bool
        ) {
            self.produces = produces
            self.configuration = configuration
            self.configurationIsOptional = configurationIsOptional
            self.isAnsweredByTest = isAnsweredByTest
        }
    }

    /// The type keys' tags, each with the type it names.
    public let types: [String: IndexedType]

    /// The factory keys' tags, each with its factory.
    public let factories: [String: IndexedFactory]

    /// Checks what an instruction's keys say without the program: both keys known, the factory
    /// producing the type the type key names, a configuration where the factory takes one (and
    /// only there), and a test that answers a stub the test answers.
    ///
    /// What needs the program stays for it to check: whether the configuration decodes, what the
    /// program registered and allows, and the scope.
    ///
    /// - Parameters:
    ///   - instruction: The instruction.
    ///   - answersStubs: Whether a test answers the stubs' calls (a launcher with its stub answers
    ///     set, or a channel open to the test).
    /// - Throws: ``DynamicDependencyIndexError``, as the program would throw it.
    public func check(
        _ instruction: DependencyInjectionInstruction, answersStubs: Bool
    ) throws(DynamicDependencyIndexError) {
        _ = try Self.check(
            instruction, type: types[instruction.type.tag], factory: factories[instruction.factory.tag],
            knownTypes: { Array(types.keys) }, knownFactories: { Array(factories.keys) }, answersStubs: answersStubs,
            describingType: { $0 }, describingFactory: { $0 })
    }

    /// The one statement of what an instruction's keys must fit, for ``check(_:answersStubs:)`` and
    /// for ``DynamicDependencyIndex/definition(for:answering:)`` in the program, which pass their
    /// own kinds of entries and how to describe them.
    ///
    /// - Returns: The type and the factory, both known.
    static func check<TypeEntry, FactoryEntry>(
        _ instruction: DependencyInjectionInstruction,
        type: TypeEntry?,
        factory: FactoryEntry?,
        knownTypes: () -> [String],
        knownFactories: () -> [String],
        answersStubs: Bool,
        describingType: (TypeEntry) -> IndexedType,
        describingFactory: (FactoryEntry) -> IndexedFactory
    ) throws(DynamicDependencyIndexError) -> (type: TypeEntry, factory: FactoryEntry) {
        guard let type else {
            throw .unknown(instruction.type, known: knownTypes().map { DependencyTypeKey($0) })
        }
        guard let factory else {
            throw .unknown(
                instruction.factory, known: knownFactories().map { DependencyFactoryKey($0) }, forType: instruction.type
            )
        }
        let indexedType = describingType(type)
        let indexedFactory = describingFactory(factory)
        if let produced = indexedFactory.produces, produced.qualifiedName != indexedType.qualifiedName {
            throw .mismatchedType(
                factory: instruction.factory, produces: produced.name, typeKey: instruction.type,
                names: indexedType.name)
        }
        switch (indexedFactory.configuration, instruction.configuration) {
        case (nil, _?): throw .configuration(instruction, takes: nil)
        case (let takes?, nil) where !indexedFactory.configurationIsOptional:
            throw .configuration(instruction, takesNamed: takes.qualifiedName)
        default: break
        }
        if indexedFactory.isAnsweredByTest, !answersStubs { throw .noTestAnswers(instruction) }
        return (type, factory)
    }
}

extension DynamicDependencyIndex {
    /// What the index holds, by name; see ``DependencyIndexSummary``.
    public var summary: DependencyIndexSummary {
        entries { types, factories in
            DependencyIndexSummary(
                types: Dictionary(uniqueKeysWithValues: types.map { ($0.key.tag, .init($0.value)) }),
                factories: Dictionary(uniqueKeysWithValues: factories.map { ($0.key.tag, $0.value) }))
        }
    }
}
