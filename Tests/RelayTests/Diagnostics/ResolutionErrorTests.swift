import Relay
import RelayTestSupport
import Testing

@Suite("Resolution errors")
struct ResolutionErrorTests {
    let root = DependencyContainer()

    @Test("a missing type names the type, the scope and the fix")
    func missingTypeNamesTheTypeScopeAndFix() throws {
        let error = try #require(throws: DependencyResolutionError.self) {
            try root.resolve((any HTTPClient).self)
        }
        #expect(error.code == .notRegistered)
        #expect(
            error.description == """
                'HTTPClient' is not registered in global.
                  resolution path: HTTPClient
                  to fix: register it, e.g. container.register(HTTPClient.self) { _ in ... }, \
                or inject it with --dependency type=<type key>,factory=<factory key>
                """)
    }

    @Test("a missing dependency deep in a scope shows the path and what is registered nearby")
    func missingDependencyDeepInAScopeShowsThePathAndWhatIsNearby() throws {
        root.register((any HTTPClient).self, name: "mock") { _ in URLSessionClient() }
        root.container(for: .admin).register((any HTTPClient).self) { _ in URLSessionClient() }
        let checkout = root.container(for: .checkout)
        checkout.register((any OrderService).self) { container in
            try DefaultOrderService(payments: container.resolve((any PaymentGateway).self))
        }
        checkout.register((any PaymentGateway).self) { container in
            try StripeGateway(client: container.resolve((any HTTPClient).self))
        }
        let error = try #require(throws: DependencyResolutionError.self) {
            try checkout.resolve((any OrderService).self)
        }
        #expect(error.code == .notRegistered)
        #expect(error.scope == .checkout)
        #expect(error.path == ["OrderService", "PaymentGateway", "HTTPClient"])
        #expect(
            error.description == """
                'HTTPClient' is not registered in scope 'checkout' nor in global.
                  resolution path: OrderService -> PaymentGateway -> HTTPClient
                  registered nearby: 'HTTPClient["mock"]' in global, 'HTTPClient' in scope 'admin'
                  to fix: register it, e.g. container.register(HTTPClient.self) { _ in ... }, \
                or inject it with --dependency type=<type key>,factory=<factory key>
                """)
    }

    @Test("a missing name points to the unnamed registration")
    func missingNameSuggestsTheUnnamedRegistration() throws {
        root.register((any Greeter).self) { _ in EnglishGreeter() }
        let error = try #require(throws: DependencyResolutionError.self) {
            try root.resolve((any Greeter).self, name: "german")
        }
        #expect(error.requestedType == "Greeter[\"german\"]")
        #expect(error.nearby == ["'Greeter' in global"])
    }

    @Test("a factory's error is wrapped with the path, and kept")
    func factoryErrorIsWrappedWithThePathAndKept() throws {
        root.register((any PaymentGateway).self) { _ in throw Unavailable() }
        root.register((any OrderService).self) { container in
            try DefaultOrderService(payments: container.resolve((any PaymentGateway).self))
        }
        let error = try #require(throws: DependencyResolutionError.self) {
            try root.resolve((any OrderService).self)
        }
        #expect(error.code == .factoryFailed)
        #expect(error.underlyingError is Unavailable)
        #expect(
            error.description == """
                The factory for 'PaymentGateway' in global threw: the database is unavailable
                  resolution path: OrderService -> PaymentGateway
                """)
    }

    @Test("a factory's cancellation reaches the caller as it is, from either front and either kind of factory")
    func factoryCancellationIsNotWrapped() async throws {
        root.register((any PaymentGateway).self) { _ in throw CancellationError() }
        root.register((any OrderService).self) { container in
            try DefaultOrderService(payments: container.resolve((any PaymentGateway).self))
        }
        root.register(Int.self) { _ async throws in throw CancellationError() }
        #expect(throws: CancellationError.self) { try root.resolve((any OrderService).self) }
        // The synchronous factories run in line for the async resolve.
        await #expect(throws: CancellationError.self) { try await root.resolve((any OrderService).self) }
        await #expect(throws: CancellationError.self) { try await root.resolve(Int.self) }
        // Any other error is still the factory's failure.
        root.register(Int.self) { _ async throws in throw Unavailable() }
        let error = await #expect(throws: DependencyResolutionError.self) { try await root.resolve(Int.self) }
        #expect(error?.code == .factoryFailed)
    }

    @Test("a failed factory caches nothing and can succeed later")
    func aFailedFactoryCachesNothingAndCanSucceedLater() throws {
        let attempts = Counter()
        root.register(EnglishGreeter.self) { _ in
            attempts.increment()
            if attempts.value == 1 { throw Unavailable() }
            return EnglishGreeter()
        }
        #expect(throws: DependencyResolutionError.self) { try root.resolve(EnglishGreeter.self) }
        let greeter = try root.resolve(EnglishGreeter.self)
        #expect(greeter === (try root.resolve(EnglishGreeter.self)))
        #expect(attempts.value == 2)
    }

    @Test("a factory resolving its own type is a cycle")
    func aFactoryResolvingItsOwnTypeIsACycle() throws {
        root.register(Point.self) { container in try container.resolve(Point.self) }
        let error = try #require(throws: DependencyResolutionError.self) { try root.resolve(Point.self) }
        #expect(error.code == .cycle)
        #expect(error.path == ["Point", "Point"])
    }

    @Test(
        "two types needing each other are a cycle, whatever their lifecycle",
        arguments: [LifecycleType.singleton, .transient, .weak, .eagerSingleton, .graph])
    func twoTypesNeedingEachOtherAreACycle(lifecycle: LifecycleType) throws {
        root.register(CycleA.self, lifecycle: lifecycle) { container in try CycleA(b: container.resolve(CycleB.self)) }
        root.register(CycleB.self, lifecycle: lifecycle) { container in try CycleB(a: container.resolve(CycleA.self)) }
        let error = try #require(throws: DependencyResolutionError.self) { try root.resolve(CycleA.self) }
        #expect(error.code == .cycle)
        #expect(
            error.description == """
                'CycleA' depends on itself: resolving it in global needs it again.
                  resolution path: CycleA -> CycleB -> CycleA
                  to fix: break the cycle: let one side resolve the other later (a Lazy<T> or \
                Provider<T> dependency, or @Injected) instead of in its factory
                """)
    }

    @Test("a longer cycle through a scope shows the whole path")
    func aLongerCycleThroughAScopeShowsTheWholePath() throws {
        let checkout = root.container(for: .checkout)
        checkout.register(CycleA.self) { container in try CycleA(b: container.resolve(CycleB.self)) }
        root.register(CycleB.self) { container in try CycleB(a: container.resolve(CycleC.self)) }
        root.register(CycleC.self) { container in
            // Resolving through another handle than the parameter still finds the cycle.
            try CycleC(a: checkout.resolve(CycleA.self))
        }
        let error = try #require(throws: DependencyResolutionError.self) { try checkout.resolve(CycleA.self) }
        #expect(error.path == ["CycleA", "CycleB", "CycleC", "CycleA"])
    }

    @Test("a value type registered as weak is an error")
    func aWeakValueTypeIsAnError() throws {
        root.register(Point.self, lifecycle: .weak) { _ in Point(x: 1) }
        let error = try #require(throws: DependencyResolutionError.self) { try root.resolve(Point.self) }
        #expect(error.code == .weakNeedsObject)
        #expect(
            error.description.hasPrefix(
                "'Point' is registered as .weak in global, but its factory returned a value type."))
    }

    @Test("a chain deeper than the limit is an error, not a crash")
    func aChainDeeperThanTheLimitIsAnErrorNotACrash() throws {
        // Each level resolves the next name until the limit.
        for level in 0...DependencyContainer.maximumResolutionDepth {
            root.register(Int.self, name: "\(level)", lifecycle: .transient) { container in
                try container.resolve(Int.self, name: "\(level + 1)") + 1
            }
        }
        let error = try #require(throws: DependencyResolutionError.self) {
            try root.resolve(Int.self, name: "0")
        }
        #expect(error.code == .depthLimitExceeded)
        #expect(error.path.first == "Int[\"0\"]")
        #expect(error.path.count == DependencyContainer.maximumResolutionDepth + 1)
    }
}
