import Relay
import RelayTestSupport
import Testing

@Suite("Optional resolution")
struct OptionalResolutionTests {
    let root = DependencyContainer()

    @Test("an optional of an unregistered type is nil, of a registered one the instance")
    func anOptionalIsNilOrTheInstance() throws {
        #expect(try root.resolve((any Greeter)?.self) == nil)
        root.register((any Greeter).self) { _ in EnglishGreeter() }
        let greeter = try #require(try root.resolve((any Greeter)?.self))
        #expect(greeter === (try root.resolve((any Greeter).self)))
    }

    @Test("a name is part of what must be registered")
    func aNameIsPartOfWhatMustBeRegistered() throws {
        root.register((any Greeter).self) { _ in EnglishGreeter() }
        #expect(try root.resolve((any Greeter)?.self, name: "french") == nil)
        root.register((any Greeter).self, name: "french") { _ in FrenchGreeter() }
        #expect(try root.resolve((any Greeter)?.self, name: "french")?.greeting == "bonjour")
    }

    @Test("a double optional flattens: a registration of T answers T??, its absence answers nil")
    func aDoubleOptionalFlattens() throws {
        let missing: (any Greeter)?? = try root.resolve()
        #expect(missing == nil)
        root.register((any Greeter).self) { _ in EnglishGreeter() }
        let found: (any Greeter)?? = try root.resolve()
        #expect(found??.greeting == "hello")
    }

    @Test("a scope answers from its root, and nil only when neither has it")
    func aScopeFallsBackToItsRoot() throws {
        let checkout = root.container(for: .checkout)
        #expect(try checkout.resolve((any Greeter)?.self) == nil)
        root.register((any Greeter).self) { _ in EnglishGreeter() }
        #expect(try checkout.resolve((any Greeter)?.self)?.greeting == "hello")
    }

    @Test("a factory's failure and a missing dependency still throw")
    func failuresStillThrow() throws {
        root.register((any PaymentGateway).self) { container in
            try StripeGateway(client: container.resolve((any HTTPClient).self))
        }
        let missing = try #require(throws: DependencyResolutionError.self) {
            try root.resolve((any PaymentGateway)?.self)
        }
        #expect(missing.code == .notRegistered)
        #expect(missing.path == ["PaymentGateway", "HTTPClient"])
        root.register((any HTTPClient).self) { _ in throw Unavailable() }
        let failed = try #require(throws: DependencyResolutionError.self) {
            try root.resolve((any PaymentGateway)?.self)
        }
        #expect(failed.code == .factoryFailed)
    }

    @Test("a cycle through an optional dependency still throws")
    func aCycleThroughAnOptionalThrows() throws {
        root.register(CycleA.self) { container in try CycleA(b: container.resolve(CycleB.self)) }
        root.register(CycleB.self) { container in
            let a: CycleA? = try container.resolve()
            return CycleB(a: a)
        }
        let error = try #require(throws: DependencyResolutionError.self) { try root.resolve(CycleA.self) }
        #expect(error.code == .cycle)
        #expect(error.path == ["CycleA", "CycleB", "CycleA"])
    }

    @Test("an optional dependency lets a factory choose a default")
    func anOptionalDependencyLetsAFactoryChooseADefault() throws {
        root.register((any PaymentGateway).self) { container in
            try StripeGateway(client: container.resolve((any HTTPClient)?.self) ?? URLSessionClient())
        }
        #expect(try root.resolve((any PaymentGateway).self) is StripeGateway)
        // validate() accepts the missing optional dependency.
        try root.validateSynchronously()
    }

    @Test("async resolve answers optionals too, awaiting an async factory")
    func asyncResolveAnswersOptionals() async throws {
        #expect(try await root.resolve((any Greeter)?.self) == nil)
        root.register((any Greeter).self) { _ async in EnglishGreeter() }
        #expect(try await root.resolve((any Greeter)?.self)?.greeting == "hello")
    }

    @Test("an override's registration counts, and so does its absence")
    func overridesApply() async throws {
        try await root.withOverrides { overrides in
            overrides.register((any Greeter).self) { _ in FrenchGreeter() }
        } operation: {
            let awaited = try await root.resolve((any Greeter)?.self)
            // A synchronous closure, so that the synchronous overload is the one called.
            let resolveSynchronously: () throws -> (any Greeter)? = { try root.resolve() }
            let resolved = try resolveSynchronously()
            #expect(awaited?.greeting == "bonjour")
            #expect(resolved?.greeting == "bonjour")
        }
        #expect(try await root.resolve((any Greeter)?.self) == nil)
    }

    @Test("@Injected of an optional type is nil where nothing is registered")
    func injectedOptional() throws {
        struct Holder {
            @Injected var greeter: (any Greeter)?
            init(container: DependencyContainer) { _greeter = Injected(container: container) }
        }
        #expect(Holder(container: root).greeter == nil)
        root.register((any Greeter).self) { _ in EnglishGreeter() }
        #expect(Holder(container: root).greeter?.greeting == "hello")
    }

    @Test("an explicit registration of the optional type wins")
    func anExplicitRegistrationWins() throws {
        root.register((any Greeter)?.self) { _ in FrenchGreeter() }
        #expect(try root.resolve((any Greeter)?.self)?.greeting == "bonjour")
    }

    @Test("a registration of T?? is keyed by T: it answers for T and replaces T's, as the original Relay's did")
    func aRegistrationOfADoubleOptionalIsKeyedByItsType() throws {
        root.register((any Greeter).self) { _ in EnglishGreeter() }
        let resolved: (any Greeter)?? = try root.resolve()
        #expect(resolved??.greeting == "hello")
        root.register((any Greeter)??.self) { _ in FrenchGreeter() }
        #expect(try root.resolve((any Greeter).self).greeting == "bonjour")
        #expect(try root.resolveAll((any Greeter).self).map(\.greeting) == ["bonjour"])
        #expect(root.isRegistered((any Greeter).self))
    }

    @Test(
        "a registration of an optional type whose factory returns nil: nil for an optional resolve, an error otherwise")
    func anOptionalRegistrationThatReturnsNil() throws {
        root.register((any Greeter)?.self) { _ in nil }
        #expect(try root.resolve((any Greeter)?.self) == nil)
        let error = #expect(throws: DependencyResolutionError.self) { try root.resolve((any Greeter).self) }
        #expect(error?.code == .factoryFailed)
        #expect(
            error?.description.hasPrefix(
                "The factory for 'Greeter' in global threw: it returned nil, and a registration of an optional type "
                    + "answers for 'Greeter', which cannot be nil") == true)
    }

    @Test("the graph shows an optional dependency when it is registered, and no edge when not")
    func theGraphShowsAnOptionalDependency() throws {
        root.register((any PaymentGateway).self) { container in
            try StripeGateway(client: container.resolve((any HTTPClient)?.self) ?? URLSessionClient())
        }
        #expect(root.dependencyGraphSynchronously().edges.isEmpty)
        root.register((any HTTPClient).self) { _ in URLSessionClient() }
        #expect(
            root.dependencyGraphSynchronously().edges == [.init(from: "global/PaymentGateway", to: "global/HTTPClient")]
        )
    }
}
