/// The types and factories that dynamic instructions may name, by key.
///
/// A program adds its indices at start-up (in debug builds, or behind an allow-list: see
/// ``InjectDependenciesArgumentParser``); instructions then pick a factory for a type by key.
///
/// ```swift
/// let index = DynamicDependencyIndex.shared
/// try index.add(BookshelfTypeIndex())
/// try index.add(StubFactoryIndex())
/// ```
///
/// Adding is all-or-nothing per index: a conflicting key leaves the index as it was.
public final class DynamicDependencyIndex: Sendable {
    /// The index that ``InjectDependenciesArgumentParser`` uses unless given another.
    public static let shared = DynamicDependencyIndex()

    private struct Entry<Value: Sendable>: Sendable {
        let value: Value
        /// The name of the indexable type that added it, to tell a repeat from a conflict.
        let source: String
    }

    private enum Factory: Sendable {
        case untyped(DependencyFactory)
        case typed(TypedDependencyFactory)

        /// What it produces and takes, by name.
        var indexed: DependencyIndexSummary.IndexedFactory {
            switch self {
            case .untyped: .untyped
            case .typed(let factory): .init(factory)
            }
        }
    }

    private struct Keys: Sendable {
        var types: [DependencyTypeKey: Entry<Any.Type>] = [:]
        var factories: [DependencyFactoryKey: Entry<Factory>] = [:]
    }

    private let keys = LockedValue(Keys())

    /// Creates an empty index: for tests, or for a program that keeps its own.
    public init() {}

    /// Makes a list of types known.
    ///
    /// Adding a key again with the same type is fine; with another type it is an error. Several
    /// keys may name one type.
    ///
    /// - Parameter typeIndex: The types, by key.
    /// - Throws: ``DynamicDependencyIndexError`` with code `conflictingTypeKey`, naming both types.
    public func add(_ typeIndex: some DependencyTypeIndexable) throws(DynamicDependencyIndexError) {
        let source = String(describing: Swift.type(of: typeIndex))
        // Read outside the lock: `index` is the user's code.
        let additions = typeIndex.index
        try keys.withLockedValue { (keys: inout Keys) throws(DynamicDependencyIndexError) in
            for (key, type) in additions {
                if let existing = keys.types[key], ObjectIdentifier(existing.value) != ObjectIdentifier(type) {
                    throw .conflictingType(
                        key, existing: existing.value, in: existing.source, added: type, in: source)
                }
            }
            for (key, type) in additions {
                keys.types[key] = Entry(value: type, source: source)
            }
        }
    }

    /// Makes a list of untyped factories known; what they return is checked when it is resolved.
    ///
    /// - Parameter factoryIndex: The factories, by key.
    /// - Throws: ``DynamicDependencyIndexError`` with code `conflictingFactoryKey` when another
    ///   index already defines one of the keys.
    public func add(_ factoryIndex: some DependencyFactoryIndexable) throws(DynamicDependencyIndexError) {
        try addFactories(factoryIndex.index.mapValues(Factory.untyped), from: factoryIndex)
    }

    /// Makes a list of typed factories known; their type is checked when an instruction is applied.
    ///
    /// - Parameter factoryIndex: The factories, by key.
    /// - Throws: ``DynamicDependencyIndexError`` with code `conflictingFactoryKey` when another
    ///   index already defines one of the keys.
    public func add(_ factoryIndex: some TypedDependencyFactoryIndexable) throws(DynamicDependencyIndexError) {
        try addFactories(factoryIndex.index.mapValues(Factory.typed), from: factoryIndex)
    }

    private func addFactories(
        _ additions: [DependencyFactoryKey: Factory],
        from indexable: Any
    ) throws(DynamicDependencyIndexError) {
        let source = String(describing: Swift.type(of: indexable))
        try keys.withLockedValue { (keys: inout Keys) throws(DynamicDependencyIndexError) in
            // The same index added twice is a repeat; two indices defining one key are a conflict.
            for key in additions.keys {
                if let existing = keys.factories[key], existing.source != source {
                    throw .conflictingFactory(key, in: existing.source, and: source)
                }
            }
            for (key, factory) in additions {
                keys.factories[key] = Entry(value: factory, source: source)
            }
        }
    }

    /// Reads every type and factory, by name, under the lock.
    func entries<Result>(
        _ body: ([DependencyTypeKey: Any.Type], [DependencyFactoryKey: DependencyIndexSummary.IndexedFactory]) -> Result
    ) -> Result {
        keys.withLockedValue { keys in
            body(keys.types.mapValues(\.value), keys.factories.mapValues(\.value.indexed))
        }
    }

    /// The known type keys, sorted.
    public var typeKeys: [DependencyTypeKey] {
        keys.withLockedValue { $0.types.keys.sorted() }
    }

    /// The known factory keys, sorted.
    public var factoryKeys: [DependencyFactoryKey] {
        keys.withLockedValue { $0.factories.keys.sorted() }
    }

    /// The type a key names, if it is known.
    ///
    /// - Parameter key: A type key.
    public func type(for key: DependencyTypeKey) -> Any.Type? {
        keys.withLockedValue { $0.types[key]?.value }
    }

    /// Checks an instruction against the index and returns what applying it registers.
    ///
    /// - Parameters:
    ///   - instruction: The instruction.
    ///   - answering: What answers the calls of a stub the test answers
    ///     (``TypedDependencyFactory/answeredByTest(_:_:)``); `nil` when nothing does.
    /// - Returns: The instruction with its type and a factory ready to register.
    /// - Throws: ``DynamicDependencyIndexError`` for an unknown key, a typed factory of another type,
    ///   or a configuration that does not fit the factory (carried but not taken, taken but missing,
    ///   or not decodable), or a stub the test answers where nothing answers.
    public func definition(
        for instruction: DependencyInjectionInstruction,
        answering: (any StubCallAnswering)? = nil
    ) throws(DynamicDependencyIndexError) -> DynamicDependencyDefinition {
        try keys.withLockedValue { (keys: inout Keys) throws(DynamicDependencyIndexError) in
            let (type, factory) = try DependencyIndexSummary.check(
                instruction, type: keys.types[instruction.type]?.value,
                factory: keys.factories[instruction.factory]?.value,
                knownTypes: { keys.types.keys.map(\.tag) }, knownFactories: { keys.factories.keys.map(\.tag) },
                answersStubs: answering != nil, describingType: DependencyIndexSummary.IndexedType.init,
                describingFactory: \.indexed)
            let typed: TypedDependencyFactory
            switch factory {
            case .typed(let factory): typed = factory
            case .untyped(let factory):
                typed = TypedDependencyFactory(casting: factory, to: type, factoryKey: instruction.factory)
            }
            // A weak reference holds only a class instance: refuse, before anything is registered, a
            // type that a value can be, rather than fail every resolve of it later.
            if instruction.lifecycle == .weak, !MetatypeKind.holdsOnlyObjects(typed.producedType) {
                throw .valueForWeak(instruction, type: typed.producedType)
            }
            let makeRegistration: TypedDependencyFactory.MakeRegistration
            do throws(TypedDependencyFactory.ConfigurationMismatch) {
                makeRegistration = try typed.prepare(instruction, answering)
            } catch {
                switch error {
                case .notTaken: throw .configuration(instruction, takes: nil)
                case .missing: throw .configuration(instruction, takes: typed.configurationType)
                case .notDecodable(let reason):
                    throw .configuration(instruction, takes: typed.configurationType, reason: reason)
                case .noAnswerer: throw .noTestAnswers(instruction)
                }
            }
            return DynamicDependencyDefinition(
                instruction: instruction, type: type, makeRegistration: makeRegistration, spies: typed.spies)
        }
    }
}
