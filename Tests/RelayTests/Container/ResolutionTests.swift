import Relay
import RelayTestSupport
import Testing

@Suite("Registering and resolving")
struct ResolutionTests {
    let container = DependencyContainer()

    @Test("resolves what was registered")
    func resolvesWhatWasRegistered() throws {
        container.register((any Greeter).self) { _ in EnglishGreeter() }
        #expect(try container.resolve((any Greeter).self).greeting == "hello")
    }

    @Test("a singleton is built once, on first use")
    func singletonIsBuiltOnceAndLazily() throws {
        let counter = Counter()
        container.register((any Greeter).self) { _ in
            counter.increment()
            return EnglishGreeter()
        }
        #expect(counter.value == 0)
        let first = try container.resolve((any Greeter).self)
        let second = try container.resolve((any Greeter).self)
        #expect(first === second)
        #expect(counter.value == 1)
    }

    @Test("a transient is built on every resolve")
    func transientIsBuiltOnEveryResolve() throws {
        container.register((any Greeter).self, lifecycle: .transient) { _ in EnglishGreeter() }
        let first = try container.resolve((any Greeter).self)
        let second = try container.resolve((any Greeter).self)
        #expect(first !== second)
    }

    @Test("a transient is not kept by the container")
    func transientIsNotRetainedByTheContainer() throws {
        container.register(EnglishGreeter.self, lifecycle: .transient) { _ in EnglishGreeter() }
        weak var weakGreeter: EnglishGreeter?
        do {
            let greeter = try container.resolve(EnglishGreeter.self)
            weakGreeter = greeter
            #expect(weakGreeter != nil)
        }
        #expect(weakGreeter == nil)
    }

    @Test("a weak registration is shared while held, and built anew after")
    func weakIsSharedWhileHeldAndRebuiltAfter() throws {
        let counter = Counter()
        container.register(EnglishGreeter.self, lifecycle: .weak) { _ in
            counter.increment()
            return EnglishGreeter()
        }
        var held: EnglishGreeter? = try container.resolve(EnglishGreeter.self)
        weak let weakGreeter = held
        #expect(try container.resolve(EnglishGreeter.self) === held)
        #expect(counter.value == 1)
        held = nil
        #expect(weakGreeter == nil)
        _ = try container.resolve(EnglishGreeter.self)
        #expect(counter.value == 2)
    }

    @Test("value types resolve")
    func valueTypesWork() throws {
        container.register(Point.self) { _ in Point(x: 3) }
        #expect(try container.resolve(Point.self) == Point(x: 3))
    }

    @Test("the type is inferred from the context")
    func typeIsInferredFromContext() throws {
        container.register(Point.self) { _ in Point(x: 4) }
        let point: Point = try container.resolve()
        #expect(point.x == 4)
    }

    @Test("factories resolve their own dependencies")
    func factoriesResolveTheirOwnDependencies() throws {
        container.register((any HTTPClient).self) { _ in URLSessionClient() }
        container.register((any PaymentGateway).self) { container in
            try StripeGateway(client: container.resolve((any HTTPClient).self))
        }
        container.register((any OrderService).self, lifecycle: .transient) { container in
            try DefaultOrderService(payments: container.resolve((any PaymentGateway).self))
        }
        let first = try #require(try container.resolve((any OrderService).self) as? DefaultOrderService)
        let second = try #require(try container.resolve((any OrderService).self) as? DefaultOrderService)
        #expect(first !== second)
        #expect(first.payments as AnyObject === second.payments as AnyObject)
    }

    @Test("a named registration is apart from the unnamed one")
    func namedRegistrationsAreSeparate() throws {
        container.register((any Greeter).self) { _ in EnglishGreeter() }
        container.register((any Greeter).self, name: "french") { _ in FrenchGreeter() }
        #expect(try container.resolve((any Greeter).self).greeting == "hello")
        #expect(try container.resolve((any Greeter).self, name: "french").greeting == "bonjour")
    }

    @Test("the full form takes a name, a lifecycle and a factory")
    func fullFormTakesNameLifecycleAndFactory() throws {
        container.register((any Greeter).self, name: "google", lifecycle: .transient, with: { _ in EnglishGreeter() })
        let first = try container.resolve((any Greeter).self, name: "google")
        #expect(first !== (try container.resolve((any Greeter).self, name: "google")))
    }

    @Test("resolveAll lists every registration of the type, in order")
    func resolveAllListsEveryRegistrationInOrder() throws {
        container.register((any Greeter).self, name: "b") { _ in NamedGreeter("b") }
        container.register((any Greeter).self) { _ in NamedGreeter("default") }
        container.register((any Greeter).self, name: "a") { _ in NamedGreeter("a") }
        container.register(Point.self) { _ in Point(x: 1) }
        let greetings = try container.resolveAll((any Greeter).self).map(\.greeting)
        #expect(greetings == ["b", "default", "a"])
    }

    @Test("resolveAll of an unregistered type is empty")
    func resolveAllOfAnUnregisteredTypeIsEmpty() throws {
        #expect(try container.resolveAll((any Greeter).self).isEmpty)
    }

    @Test("registering again replaces the factory and the cached instance")
    func reRegistrationReplacesTheFactoryAndTheCachedInstance() throws {
        container.register((any Greeter).self) { _ in EnglishGreeter() }
        let english = try container.resolve((any Greeter).self)
        weak let weakEnglish = english as? EnglishGreeter
        container.register((any Greeter).self) { _ in FrenchGreeter() }
        #expect(try container.resolve((any Greeter).self).greeting == "bonjour")
        _ = consume english
        #expect(weakEnglish == nil)
    }

    @Test("registering again keeps the first place in resolveAll")
    func reRegistrationKeepsTheOriginalPositionInResolveAll() throws {
        container.register((any Greeter).self, name: "first") { _ in NamedGreeter("1") }
        container.register((any Greeter).self, name: "second") { _ in NamedGreeter("2") }
        container.register((any Greeter).self, name: "first") { _ in NamedGreeter("1 again") }
        #expect(try container.resolveAll((any Greeter).self).map(\.greeting) == ["1 again", "2"])
    }

    @Test("isRegistered answers for this container only")
    func isRegisteredAnswersForThisContainerOnly() {
        container.register(Point.self) { _ in Point(x: 1) }
        #expect(container.isRegistered(Point.self))
        #expect(!container.isRegistered(Point.self, name: "other"))
        #expect(!container.container(for: "scope").isRegistered(Point.self))
    }
}
