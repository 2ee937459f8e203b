import Relay
import RelayTestSupport
import Testing

/// Built from three dependencies of different types, to check that each is resolved by its type.
private final class AutowiredShelf: Sendable {
    let store: any BookStore
    let clock: any Clock
    let client: any HTTPClient

    init(store: any BookStore, clock: any Clock, client: any HTTPClient) {
        self.store = store
        self.clock = clock
        self.client = client
    }

    /// A second initializer, so that `AutowiredShelf.init` alone would be ambiguous.
    convenience init(store: any BookStore) {
        self.init(store: store, clock: FixedClock(), client: URLSessionClient())
    }
}

/// Built by an async initializer.
private final class AutowiredCatalog: Sendable {
    let store: any BookStore

    init(store: any BookStore) async {
        await Task.yield()
        self.store = store
    }
}

/// Needs nothing.
private final class AutowiredLeaf: Sendable {
    init() {}
}

/// Parameters of distinct types, for initializers of every arity (2 to 6 take fixed-arity
/// overloads, 7 the parameter pack).
private final class Part0: Sendable { init() {} }
private final class Part1: Sendable { init() {} }
private final class Part2: Sendable { init() {} }
private final class Part3: Sendable { init() {} }
private final class Part4: Sendable { init() {} }
private final class Part5: Sendable { init() {} }
private final class Part6: Sendable { init() {} }

/// Built from its initializer's parameters, which it keeps in order.
private final class Assembly: Sendable {
    let parts: [any Sendable & AnyObject]

    init(_ a: Part0, _ b: Part1) { parts = [a, b] }
    init(_ a: Part0, _ b: Part1, _ c: Part2) { parts = [a, b, c] }
    init(_ a: Part0, _ b: Part1, _ c: Part2, _ d: Part3) { parts = [a, b, c, d] }
    init(_ a: Part0, _ b: Part1, _ c: Part2, _ d: Part3, _ e: Part4) { parts = [a, b, c, d, e] }
    init(_ a: Part0, _ b: Part1, _ c: Part2, _ d: Part3, _ e: Part4, _ f: Part5) { parts = [a, b, c, d, e, f] }
    init(_ a: Part0, _ b: Part1, _ c: Part2, _ d: Part3, _ e: Part4, _ f: Part5, _ g: Part6) {
        parts = [a, b, c, d, e, f, g]
    }
}

/// One instance of each part, registered as declared singletons.
private struct Parts {
    let part0 = Part0(), part1 = Part1(), part2 = Part2(), part3 = Part3()
    let part4 = Part4(), part5 = Part5(), part6 = Part6()

    var all: [any Sendable & AnyObject] { [part0, part1, part2, part3, part4, part5, part6] }

    /// Registers the first `count` parts in `container`, each declaring no dependencies.
    func register(count: Int, in container: DependencyContainer) {
        let (part0, part1, part2, part3, part4, part5, part6) = (part0, part1, part2, part3, part4, part5, part6)
        if count > 0 { container.register(Part0.self) { _ in part0 }.dependsOn() }
        if count > 1 { container.register(Part1.self) { _ in part1 }.dependsOn() }
        if count > 2 { container.register(Part2.self) { _ in part2 }.dependsOn() }
        if count > 3 { container.register(Part3.self) { _ in part3 }.dependsOn() }
        if count > 4 { container.register(Part4.self) { _ in part4 }.dependsOn() }
        if count > 5 { container.register(Part5.self) { _ in part5 }.dependsOn() }
        if count > 6 { container.register(Part6.self) { _ in part6 }.dependsOn() }
    }
}

/// Resolves synchronously: inside an async test, `try container.resolve` would pick the async
/// overload, which builds async registrations too and so proves nothing.
private func resolveSynchronously<Service>(_ type: Service.Type, from container: DependencyContainer) throws -> Service
{
    try container.resolve(type)
}

@Suite("Autowiring an initializer")
struct AutowiringTests {
    let root = DependencyContainer()

    @Test("each parameter of the initializer is resolved by its type")
    func eachParameterIsResolvedByItsType() throws {
        root.register((any BookStore).self) { _ in InMemoryBookStore() }
        root.register((any Clock).self) { _ in FixedClock() }
        root.register((any HTTPClient).self) { _ in URLSessionClient() }
        root.register(AutowiredShelf.self, initializer: AutowiredShelf.init(store:clock:client:))
        let shelf = try root.resolve(AutowiredShelf.self)
        #expect(shelf.store.name == "memory")
        #expect(shelf.clock.now == 0)
        #expect(shelf.client is URLSessionClient)
        #expect(shelf.store === (try root.resolve((any BookStore).self)))
    }

    @Test("an initializer of any number of parameters resolves each in order and declares them", arguments: 2...7)
    func anInitializerOfAnyArityResolvesEachInOrder(arity: Int) throws {
        let parts = Parts()
        parts.register(count: 7, in: root)
        register(Assembly.self, arity: arity, in: root)
        let assembly = try root.resolve(Assembly.self)
        #expect(assembly.parts.map(ObjectIdentifier.init) == parts.all.prefix(arity).map(ObjectIdentifier.init))
        let check = try root.check()
        #expect(check.checkedRegistrations == 8)
        #expect(check.checkedDependencies == arity)
        // The last parameter missing: the error names it, through the initializer.
        let other = DependencyContainer()
        parts.register(count: arity - 1, in: other)
        register(Assembly.self, arity: arity, in: other)
        let error = try #require(throws: DependencyResolutionError.self) { try other.resolve(Assembly.self) }
        #expect(error.code == .notRegistered)
        #expect(error.path == ["Assembly", "Part\(arity - 1)"])
    }

    private func register(_: Assembly.Type, arity: Int, in container: DependencyContainer) {
        switch arity {
        case 2: container.register(Assembly.self, initializer: Assembly.init(_:_:))
        case 3: container.register(Assembly.self, initializer: Assembly.init(_:_:_:))
        case 4: container.register(Assembly.self, initializer: Assembly.init(_:_:_:_:))
        case 5: container.register(Assembly.self, initializer: Assembly.init(_:_:_:_:_:))
        case 6: container.register(Assembly.self, initializer: Assembly.init(_:_:_:_:_:_:))
        default: container.register(Assembly.self, initializer: Assembly.init(_:_:_:_:_:_:_:))
        }
    }

    @Test("an initializer without parameters is autowired too")
    func anInitializerWithoutParametersIsAutowired() throws {
        root.register((any Clock).self, initializer: SystemClock.init)
        root.register(AutowiredLeaf.self, initializer: AutowiredLeaf.init)
        #expect(try root.resolve((any Clock).self).now == 1_000)
        _ = try root.resolve(AutowiredLeaf.self)
    }

    @Test("the lifecycle and the name apply as they do to a factory")
    func theLifecycleAndTheNameApply() throws {
        root.register(AutowiredLeaf.self, initializer: AutowiredLeaf.init)
        root.register(AutowiredLeaf.self, name: "fresh", lifecycle: .transient, initializer: AutowiredLeaf.init)
        #expect(try root.resolve(AutowiredLeaf.self) === (try root.resolve(AutowiredLeaf.self)))
        #expect(
            try root.resolve(AutowiredLeaf.self, name: "fresh")
                !== (try root.resolve(AutowiredLeaf.self, name: "fresh")))
        #expect(try root.resolve(AutowiredLeaf.self) !== (try root.resolve(AutowiredLeaf.self, name: "fresh")))
    }

    @Test("a missing parameter type is a notRegistered error with the path through the initializer")
    func aMissingParameterTypeIsNotRegisteredWithThePath() throws {
        root.register((any BookStore).self) { _ in InMemoryBookStore() }
        root.register(AutowiredShelf.self, initializer: AutowiredShelf.init(store:clock:client:))
        let error = try #require(throws: DependencyResolutionError.self) {
            try root.resolve(AutowiredShelf.self)
        }
        #expect(error.code == .notRegistered)
        #expect(error.path == ["AutowiredShelf", "Clock"])
        #expect(
            error.description == """
                'Clock' is not registered in global.
                  resolution path: AutowiredShelf -> Clock
                  to fix: register it, e.g. container.register(Clock.self) { _ in ... }, \
                or inject it with --dependency type=<type key>,factory=<factory key>
                """)
    }

    @Test("validation builds an autowired registration and reports its missing parameter")
    func validationReportsAMissingParameter() throws {
        root.register((any BookStore).self) { _ in InMemoryBookStore() }
        root.register(AutowiredShelf.self, initializer: AutowiredShelf.init(store:clock:client:))
        let error = try #require(throws: DependencyGraphError.self) { try root.validateSynchronously() }
        #expect(error.failures.map { $0.path.joined(separator: " -> ") } == ["AutowiredShelf -> Clock"])
        root.register((any Clock).self, initializer: SystemClock.init)
        root.register((any HTTPClient).self, initializer: URLSessionClient.init)
        try root.validateSynchronously()
        #expect(
            root.dependencyGraphSynchronously().edges == [
                .init(from: "global/AutowiredShelf", to: "global/BookStore", isDeclared: true),
                .init(from: "global/AutowiredShelf", to: "global/Clock", isDeclared: true),
                .init(from: "global/AutowiredShelf", to: "global/HTTPClient", isDeclared: true),
            ])
    }

    @Test("a synchronous initializer makes a synchronous registration")
    func aSynchronousInitializerMakesASynchronousRegistration() throws {
        root.register((any BookStore).self) { _ in InMemoryBookStore() }
        root.register(AutowiredShelf.self, initializer: AutowiredShelf.init(store:))
        // An async registration would throw asyncFactory here, having no instance yet.
        #expect(try resolveSynchronously(AutowiredShelf.self, from: root).clock.now == 0)
    }

    @Test("a synchronous initializer makes a synchronous registration in async code too")
    func aSynchronousInitializerMakesASynchronousRegistrationInAsyncCode() async throws {
        await Task.yield()
        root.register((any BookStore).self) { _ in InMemoryBookStore() }
        root.register(AutowiredShelf.self, initializer: AutowiredShelf.init(store:))
        #expect(try resolveSynchronously(AutowiredShelf.self, from: root).clock.now == 0)
    }

    @Test("an async initializer makes an async registration")
    func anAsyncInitializerMakesAnAsyncRegistration() async throws {
        root.register((any BookStore).self) { _ in InMemoryBookStore() }
        root.register(AutowiredCatalog.self, initializer: AutowiredCatalog.init)
        let error = try #require(throws: DependencyResolutionError.self) {
            try resolveSynchronously(AutowiredCatalog.self, from: root)
        }
        #expect(error.code == .asyncFactory)
        let catalog = try await root.resolve(AutowiredCatalog.self)
        #expect(catalog.store.name == "memory")
        // A singleton: the synchronous resolve now reads what the async one built.
        #expect(try resolveSynchronously(AutowiredCatalog.self, from: root) === catalog)
    }

    @Test("an async initializer's missing parameter is reported with the path")
    func anAsyncInitializersMissingParameterIsReportedWithThePath() async throws {
        root.register(AutowiredCatalog.self, initializer: AutowiredCatalog.init)
        let error = try await #require(throws: DependencyResolutionError.self) {
            try await root.resolve(AutowiredCatalog.self)
        }
        #expect(error.code == .notRegistered)
        #expect(error.path == ["AutowiredCatalog", "BookStore"])
    }

    @Test("a teardown closes what an autowired initializer built", arguments: [false, true])
    func aTeardownClosesWhatAnAutowiredInitializerBuilt(async: Bool) async throws {
        let closed = Counter()
        root.register((any BookStore).self) { _ in InMemoryBookStore() }
        if async {
            root.register(AutowiredCatalog.self, initializer: AutowiredCatalog.init) { _ in closed.increment() }
            _ = try await root.resolve(AutowiredCatalog.self)
        } else {
            root.register(AutowiredLeaf.self, initializer: AutowiredLeaf.init) { _ in closed.increment() }
            _ = try resolveSynchronously(AutowiredLeaf.self, from: root)
        }
        #expect(closed.value == 0)
        try await root.shutdown()
        #expect(closed.value == 1)
    }

    @Test("a dynamic instruction replaces an autowired registration")
    func aDynamicInstructionReplacesAnAutowiredRegistration() throws {
        let program = try DynamicProgram()
        program.container.register((any Clock).self, initializer: SystemClock.init)
        program.container.register((any HTTPClient).self, initializer: URLSessionClient.init)
        program.container.register(AutowiredShelf.self, initializer: AutowiredShelf.init(store:clock:client:))
        #expect(try program.container.resolve(AutowiredShelf.self).clock.now == 1_000)
        program.container.releaseSingletons()

        try program.parser().parse(arguments: ["app", "-d", "type=clock,factory=fixed"])
        #expect(try program.container.resolve((any Clock).self).now == 0)
        #expect(try program.container.resolve(AutowiredShelf.self).clock.now == 0)
    }
}
