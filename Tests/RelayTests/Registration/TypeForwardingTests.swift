import Relay
import RelayTestSupport
import Synchronization
import Testing

// A store that programs read and write through two narrower protocols.

private protocol BookReader: AnyObject, Sendable {
    var kind: String { get }
}

private protocol BookWriter: AnyObject, Sendable {
    var kind: String { get }
}

private protocol LibraryStore: BookReader, BookWriter {}

private final class SQLiteStore: LibraryStore {
    let kind = "sqlite"
}

private final class MemoryStore: LibraryStore {
    let kind = "memory"
}

private final class StubReader: BookReader {
    let kind = "stub"
}

/// A root with one `LibraryStore` answering as `BookReader` and `BookWriter`.
private func storeRoot(
    lifecycle: LifecycleType = .singleton,
    built: Counter = Counter()
) throws -> DependencyContainer {
    let root = DependencyContainer()
    try root.register((any LibraryStore).self, lifecycle: lifecycle) { _ in
        built.increment()
        return SQLiteStore()
    }
    .implements((any BookReader).self) { $0 }
    .implements((any BookWriter).self) { $0 }
    return root
}

/// A synchronous resolve, from synchronous code: inside an async function Swift would pick the
/// async overload.
private func resolveSynchronously<Service>(
    _ type: Service.Type,
    from container: DependencyContainer
) throws -> Service {
    try container.resolve(type)
}

@Suite("Type forwarding: one registration under several types")
struct TypeForwardingTests {
    // MARK: - One object, one lifecycle

    @Test("one registration answers for several types with one instance")
    func oneRegistrationAnswersForSeveralTypesWithOneInstance() throws {
        let built = Counter()
        let root = try storeRoot(built: built)
        let reader = try root.resolve((any BookReader).self)
        let writer = try root.resolve((any BookWriter).self)
        let store = try root.resolve((any LibraryStore).self)
        #expect(reader === writer)
        #expect(reader === store)
        #expect(reader.kind == "sqlite")
        #expect(built.value == 1)
    }

    @Test("a concrete class answers for the protocols it conforms to")
    func aConcreteClassAnswersForItsProtocols() throws {
        let root = DependencyContainer()
        try root.register(SQLiteStore.self) { _ in SQLiteStore() }.implements((any BookReader).self) { $0 }
        #expect(try root.resolve((any BookReader).self) === root.resolve(SQLiteStore.self))
    }

    @Test("a transient registration is new on every resolve, through either type")
    func aTransientRegistrationIsNewOnEveryResolveThroughEitherType() throws {
        let built = Counter()
        let root = try storeRoot(lifecycle: .transient, built: built)
        let first = try root.resolve((any BookReader).self)
        let second = try root.resolve((any BookReader).self)
        let writer = try root.resolve((any BookWriter).self)
        #expect(first !== second)
        #expect(first !== writer)
        #expect(built.value == 3)
    }

    @Test(
        "the registration's lifecycle applies through the alias",
        arguments: [LifecycleType.singleton, .eagerSingleton, .weak])
    func theRegistrationsLifecycleAppliesThroughTheAlias(lifecycle: LifecycleType) throws {
        let built = Counter()
        let root = try storeRoot(lifecycle: lifecycle, built: built)
        try root.startSynchronously()
        let store = try root.resolve((any LibraryStore).self)
        #expect(try root.resolve((any BookReader).self) === store)
        #expect(try root.resolve((any BookWriter).self) === store)
        #expect(built.value == 1)
        // Released singletons are built anew, and the aliases see the new one.
        root.releaseSingletons()
        let rebuilt = try root.resolve((any BookWriter).self)
        #expect(rebuilt !== store)
        #expect(try root.resolve((any BookReader).self) === rebuilt)
        #expect(built.value == 2)
    }

    @Test("a registration with a teardown is torn down once, whatever type built it")
    func aRegistrationWithATeardownIsTornDownOnce() async throws {
        let root = DependencyContainer()
        let closed = Counter()
        try root.register((any LibraryStore).self) { _ in
            SQLiteStore()
        } teardown: { _ in
            closed.increment()
        }
        .implements((any BookReader).self) { $0 }
        let reader = try await root.resolve((any BookReader).self)
        #expect(try await root.resolve((any LibraryStore).self) === reader)
        try await root.shutdown()
        #expect(closed.value == 1)
    }

    @Test("a cycle through an alias names the alias in its path")
    func aCycleThroughAnAliasNamesTheAliasInItsPath() throws {
        let root = DependencyContainer()
        try root.register(SQLiteStore.self) { container in
            _ = try container.resolve((any BookReader).self)
            return SQLiteStore()
        }
        .implements((any BookReader).self) { $0 }
        let error = try #require(throws: DependencyResolutionError.self) { try root.resolve(SQLiteStore.self) }
        #expect(error.code == .cycle)
        #expect(error.path == ["SQLiteStore", "BookReader", "SQLiteStore"])
    }

    // MARK: - Collisions

    @Test("an alias whose type already has a factory is refused, and nothing changes")
    func anAliasWhoseTypeAlreadyHasAFactoryIsRefused() throws {
        let root = DependencyContainer()
        root.register((any BookReader).self) { _ in StubReader() }
        let error = try #require(throws: DependencyRegistrationError.self) {
            try root.register((any LibraryStore).self) { _ in SQLiteStore() }.implements((any BookReader).self) { $0 }
        }
        #expect(error.code == .aliasAlreadyRegistered)
        #expect(error.alias == "BookReader")
        #expect(error.target == "LibraryStore")
        #expect(
            error.description == """
                Cannot make 'BookReader' an alias of 'LibraryStore': 'BookReader' is already registered in global \
                with a factory of its own.
                  to fix: give the alias a name, e.g. .implements(BookReader.self, name: "…") { $0 }, or keep only \
                one of the two registrations
                """)
        #expect(try root.resolve((any BookReader).self).kind == "stub")
        #expect(try root.resolveAll((any BookReader).self).count == 1)
    }

    @Test("an alias whose type is another registration's alias is refused, naming that registration")
    func anAliasWhoseTypeIsAnotherAliasIsRefused() throws {
        let root = DependencyContainer()
        try root.register(MemoryStore.self) { _ in MemoryStore() }.implements((any BookReader).self) { $0 }
        let error = try #require(throws: DependencyRegistrationError.self) {
            try root.register(SQLiteStore.self) { _ in SQLiteStore() }.implements((any BookReader).self) { $0 }
        }
        #expect(
            error.description == """
                Cannot make 'BookReader' an alias of 'SQLiteStore': 'BookReader' is already registered in global \
                as an alias of 'MemoryStore'.
                  to fix: give the alias a name, e.g. .implements(BookReader.self, name: "…") { $0 }, or keep only \
                one of the two registrations
                """)
        #expect(try root.resolve((any BookReader).self).kind == "memory")
    }

    @Test("a named alias in a scope is refused with its name and scope")
    func aNamedAliasInAScopeIsRefusedWithItsNameAndScope() throws {
        let scope = DependencyContainer().container(for: .checkout)
        scope.register((any BookReader).self, name: "main") { _ in StubReader() }
        let store = scope.register((any LibraryStore).self) { _ in SQLiteStore() }
        let error = try #require(throws: DependencyRegistrationError.self) {
            try store.implements((any BookReader).self, name: "main") { $0 }
        }
        #expect(error.scope == .checkout)
        #expect(
            error.description == """
                Cannot make 'BookReader["main"]' an alias of 'LibraryStore': 'BookReader["main"]' is already \
                registered in scope 'checkout' with a factory of its own.
                  to fix: give the alias a name, e.g. .implements(BookReader.self, name: "…") { $0 }, or keep only \
                one of the two registrations
                """)
        // Another name is free.
        try store.implements((any BookReader).self, name: "store") { $0 }
        #expect(try scope.resolve((any BookReader).self, name: "store") === scope.resolve((any LibraryStore).self))
    }

    @Test("an alias of a type to itself is refused, with or without a name", arguments: [nil, "copy"] as [String?])
    func anAliasOfATypeToItselfIsRefused(name: String?) throws {
        let root = DependencyContainer()
        let store = root.register((any LibraryStore).self) { _ in SQLiteStore() }
        let error = try #require(throws: DependencyRegistrationError.self) {
            try store.implements((any LibraryStore).self, name: name) { $0 }
        }
        #expect(error.code == .aliasOfItself)
        let alias = name.map { "LibraryStore[\"\($0)\"]" } ?? "LibraryStore"
        #expect(
            error.description == """
                Cannot make '\(alias)' an alias of 'LibraryStore': an alias answers for another type, and \
                'LibraryStore' already answers for its own.
                  to fix: remove this implements call; to give one registration a second name, register the name \
                with a factory that resolves the first
                """)
        #expect(try root.resolveAll((any LibraryStore).self).count == 1)
    }

    @Test("the same alias of the same registration again replaces it, so a registry can be applied twice")
    func theSameAliasAgainReplacesIt() throws {
        let root = try storeRoot()
        let first = try root.resolve((any BookReader).self)
        try root.register((any LibraryStore).self) { _ in MemoryStore() }.implements((any BookReader).self) { $0 }
        let reader = try root.resolve((any BookReader).self)
        #expect(reader !== first)
        #expect(reader.kind == "memory")
        #expect(try root.resolveAll((any BookReader).self).count == 1)
    }

    @Test("registering the alias's type replaces only the alias")
    func registeringTheAliasTypeReplacesOnlyTheAlias() throws {
        let root = try storeRoot()
        root.register((any BookReader).self) { _ in StubReader() }
        #expect(try root.resolve((any BookReader).self).kind == "stub")
        #expect(try root.resolve((any BookWriter).self) === root.resolve((any LibraryStore).self))
    }

    // MARK: - Scopes and overrides

    @Test("an alias registered in a scope answers there, and forwards to the scope's registration")
    func anAliasInAScopeAnswersThere() throws {
        let root = DependencyContainer()
        try root.container(for: .checkout).register((any LibraryStore).self) { _ in MemoryStore() }
            .implements((any BookReader).self) { $0 }
        let scope = root.container(for: .checkout)
        #expect(try scope.resolve((any BookReader).self) === scope.resolve((any LibraryStore).self))
        #expect(!root.isRegistered((any BookReader).self))
        #expect(throws: DependencyResolutionError.self) {
            try root.container(for: .admin).resolve((any BookReader).self)
        }
    }

    @Test("an alias in the root forwards to the root's registration, also through a scope that has its own")
    func anAliasInTheRootForwardsToTheRootsRegistration() throws {
        let root = try storeRoot()
        let scope = root.container(for: .checkout)
        scope.register((any LibraryStore).self) { _ in MemoryStore() }
        #expect(try scope.resolve((any LibraryStore).self).kind == "memory")
        #expect(try scope.resolve((any BookReader).self) === root.resolve((any LibraryStore).self))
    }

    @Test("an override of the registration shows through the base's alias")
    func anOverrideOfTheRegistrationShowsThroughTheAlias() throws {
        let root = try storeRoot()
        let base = try root.resolve((any BookReader).self)
        let (reader, writer) = try root.withOverrides { overrides in
            overrides.register((any LibraryStore).self) { _ in MemoryStore() }
        } operation: {
            try (root.resolve((any BookReader).self), root.resolve((any BookWriter).self))
        }
        #expect(reader.kind == "memory")
        #expect(reader === writer)
        #expect(try root.resolve((any BookReader).self) === base)
    }

    @Test("aliases registered in an override stay with it, even over the base's registration of the type")
    func aliasesRegisteredInAnOverrideStayWithIt() throws {
        let root = DependencyContainer()
        root.register((any BookReader).self) { _ in StubReader() }
        try root.withOverrides { overrides in
            try overrides.register((any LibraryStore).self) { _ in MemoryStore() }
                .implements((any BookReader).self) { $0 }
        } operation: { () throws in
            #expect(try root.resolve((any BookReader).self) === root.resolve((any LibraryStore).self))
            // Made inside the operation: the alias goes where the registration went.
            try root.register(SQLiteStore.self) { _ in SQLiteStore() }.implements((any BookWriter).self) { $0 }
            #expect(try root.resolve((any BookWriter).self) === root.resolve(SQLiteStore.self))
        }
        #expect(try root.resolve((any BookReader).self).kind == "stub")
        #expect(!root.isRegistered((any BookWriter).self))
        #expect(!root.isRegistered(SQLiteStore.self))
    }

    // MARK: - resolveAll, validation and the graph

    @Test("an alias is one of its type's registrations for resolveAll, once")
    func anAliasIsOneOfItsTypesRegistrationsForResolveAll() throws {
        let root = DependencyContainer()
        root.register((any BookReader).self, name: "stub") { _ in StubReader() }
        try root.register((any LibraryStore).self) { _ in SQLiteStore() }.implements((any BookReader).self) { $0 }
        let store = try root.resolve((any LibraryStore).self)
        let readers = try root.resolveAll((any BookReader).self)
        #expect(readers.map(\.kind) == ["stub", "sqlite"])
        #expect(readers.last === store)
        #expect(try root.resolveAll((any BookWriter).self).isEmpty)
    }

    @Test("validation builds through an alias, and reports a broken registration under both types")
    func validationBuildsThroughAnAlias() throws {
        let root = try storeRoot()
        try root.validateSynchronously()
        root.register((any LibraryStore).self) { _ in throw Unavailable() }
        let error = try #require(throws: DependencyGraphError.self) { try root.validateSynchronously() }
        #expect(
            error.failures.map { $0.path.joined(separator: " -> ") } == [
                "LibraryStore", "BookReader -> LibraryStore", "BookWriter -> LibraryStore",
            ])
        #expect(error.failures.map(\.code) == [.factoryFailed, .factoryFailed, .factoryFailed])
    }

    @Test("the graph shows an alias with an edge to its registration, and the registration's lifecycle")
    func theGraphShowsAnAliasWithAnEdgeToItsRegistration() throws {
        let root = try storeRoot(lifecycle: .eagerSingleton)
        let graph = root.dependencyGraphSynchronously()
        #expect(graph.failures.isEmpty)
        #expect(graph.nodes.map(\.lifecycle) == [.eagerSingleton, .eagerSingleton, .eagerSingleton])
        #expect(graph.nodes.map(\.aliasOf) == [nil, "global/LibraryStore", "global/LibraryStore"])
        #expect(
            graph.mermaid == """
                flowchart LR
                  subgraph s_global["global"]
                    n0["LibraryStore<br/>eagerSingleton"]
                    n1["BookReader<br/>eagerSingleton<br/>alias of global/LibraryStore"]
                    n2["BookWriter<br/>eagerSingleton<br/>alias of global/LibraryStore"]
                  end
                  n1 --> n0
                  n2 --> n0
                """)
        #expect(try graph.json().contains("\"aliasOf\" : \"global/LibraryStore\""))
    }

    // MARK: - Async registrations

    @Test("an async registration answers for its aliases: awaited, then read synchronously")
    func anAsyncRegistrationAnswersForItsAliases() async throws {
        let root = DependencyContainer()
        let built = Counter()
        try root.register((any LibraryStore).self) { _ in
            await Task.yield()
            built.increment()
            return SQLiteStore()
        }
        .implements((any BookReader).self) { $0 }
        .implements((any BookWriter).self) { $0 }
        let error = try #require(throws: DependencyResolutionError.self) {
            try resolveSynchronously((any BookReader).self, from: root)
        }
        #expect(
            error.description == """
                'LibraryStore' in global has an async factory and no instance yet: a synchronous resolve cannot wait for it.
                  resolution path: BookReader -> LibraryStore
                  to fix: resolve it with try await container.resolve(LibraryStore.self), or register it as \
                .eagerSingleton and call try await container.start() first, so synchronous code finds it built
                """)
        let reader = try await root.resolve((any BookReader).self)
        #expect(try resolveSynchronously((any BookWriter).self, from: root) === reader)
        #expect(try await root.resolve((any LibraryStore).self) === reader)
        #expect(built.value == 1)
        #expect(try await root.resolveAll((any BookReader).self).map(\.kind) == ["sqlite"])
        try await root.validate()
        let graph = await root.dependencyGraph()
        #expect(graph.nodes.map(\.aliasOf) == [nil, "global/LibraryStore", "global/LibraryStore"])
        #expect(
            graph.edges.map { "\($0.from) -> \($0.to)" } == [
                "global/BookReader -> global/LibraryStore", "global/BookWriter -> global/LibraryStore",
            ])
    }

    @Test("an async transient registration is new on every awaited resolve of an alias")
    func anAsyncTransientRegistrationIsNewThroughAnAlias() async throws {
        let root = DependencyContainer()
        let tornDown = Mutex(0)
        try root.register((any LibraryStore).self, lifecycle: .transient) { _ in
            await Task.yield()
            return SQLiteStore()
        } teardown: { _ in
            tornDown.withLock { $0 += 1 }
        }
        .implements((any BookReader).self) { $0 }
        // A transient with a teardown is owned by the unit of work that resolves it.
        try await root.withUnitOfWork { unit in
            let first = try await unit.resolve((any BookReader).self)
            let second = try await unit.resolve((any BookReader).self)
            #expect(first !== second)
        }
        #expect(tornDown.withLock { $0 } == 2)
    }

    // MARK: - Dynamic instructions

    private struct Types: DependencyTypeIndexable {
        let index: [DependencyTypeKey: Any.Type] = [
            "libraryStore": (any LibraryStore).self, "bookReader": (any BookReader).self,
        ]
    }

    private struct Stubs: TypedDependencyFactoryIndexable {
        let index: [DependencyFactoryKey: TypedDependencyFactory] = [
            "memoryStore": .init((any LibraryStore).self) { _ in MemoryStore() },
            "stubReader": .init((any BookReader).self) { _ in StubReader() },
        ]
    }

    private static func inject(_ instruction: String, into root: DependencyContainer) throws {
        let index = DynamicDependencyIndex()
        try index.add(Types())
        try index.add(Stubs())
        try InjectDependenciesArgumentParser(index: index, container: root, readsEnvironment: false, report: .silent)
            .parse(arguments: ["app", "-d", instruction])
    }

    @Test("an instruction that replaces the registration shows through every alias")
    func anInstructionReplacingTheRegistrationShowsThroughEveryAlias() throws {
        let root = try storeRoot()
        _ = try root.resolve((any BookReader).self)
        try Self.inject("type=libraryStore,factory=memoryStore", into: root)
        let reader = try root.resolve((any BookReader).self)
        #expect(reader.kind == "memory")
        #expect(try root.resolve((any BookWriter).self) === reader)
        #expect(try root.resolve((any LibraryStore).self) === reader)
    }

    @Test("an instruction that replaces an alias replaces only the alias, and takes its key")
    func anInstructionReplacingAnAliasReplacesOnlyTheAlias() throws {
        let root = try storeRoot()
        try Self.inject("type=bookReader,factory=stubReader", into: root)
        #expect(try root.resolve((any BookReader).self).kind == "stub")
        #expect(try root.resolve((any BookWriter).self) === root.resolve((any LibraryStore).self))
        #expect(try root.resolve((any BookWriter).self).kind == "sqlite")
        // The injected registration now holds the key, and an alias cannot take it back.
        let error = try #require(throws: DependencyRegistrationError.self) {
            try root.register(MemoryStore.self) { _ in MemoryStore() }.implements((any BookReader).self) { $0 }
        }
        #expect(
            error.description == """
                Cannot make 'BookReader' an alias of 'MemoryStore': 'BookReader' is already registered in global \
                by the instruction 'type=bookReader,factory=stubReader'.
                  to fix: give the alias a name, e.g. .implements(BookReader.self, name: "…") { $0 }, or keep only \
                one of the two registrations
                """)
    }
}
