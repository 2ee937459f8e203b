import Relay
import RelayTestSupport
import Testing

@Suite("Registries and @Injected")
struct RegistryAndInjectedTests {
    struct GreeterModule: DependencyModule {
        func register(in container: DependencyContainer) {
            container.register((any Greeter).self) { _ in EnglishGreeter() }
        }
    }

    struct FrenchOverrides: DependencyModule {
        func register(in container: DependencyContainer) {
            container.register((any Greeter).self) { _ in FrenchGreeter() }
        }
    }

    struct FailingModule: DependencyModule {
        func register(in container: DependencyContainer) throws { throw Unavailable() }
    }

    @Test("modules apply in order into the container they are applied to, and later ones win")
    func modulesApplyInOrderAndLaterOnesWin() throws {
        let container = DependencyContainer()
        try container.apply(GreeterModule(), FrenchOverrides())
        #expect(try container.resolve((any Greeter).self).greeting == "bonjour")
        let scope = container.container(for: .checkout)
        try scope.apply(GreeterModule())
        #expect(try scope.resolve((any Greeter).self).greeting == "hello")
        #expect(try container.resolve((any Greeter).self).greeting == "bonjour", "the root kept its own")
    }

    @Test("a failing module stops the ones after it")
    func aFailingModuleStopsTheOnesAfterIt() throws {
        let container = DependencyContainer()
        #expect(throws: Unavailable.self) {
            try container.apply([FailingModule(), GreeterModule()])
        }
        #expect(!container.isRegistered((any Greeter).self))
    }

    @Test("a module applied inside an override registers into the override")
    func aModuleAppliedInsideAnOverrideRegistersIntoIt() throws {
        let container = DependencyContainer()
        try container.apply(GreeterModule())
        let overridden = try container.withOverrides { overrides in
            try overrides.apply(FrenchOverrides())
        } operation: {
            try container.resolve((any Greeter).self).greeting
        }
        #expect(overridden == "bonjour")
        #expect(try container.resolve((any Greeter).self).greeting == "hello")
    }

    @Test("@Injected resolves lazily, once, and keeps the instance")
    func injectedResolvesLazilyOnceAndKeepsTheInstance() throws {
        let container = DependencyContainer()
        let built = Counter()
        container.register((any Greeter).self, lifecycle: .transient) { _ in
            built.increment()
            return EnglishGreeter()
        }
        let holder = Holder(container: container)
        #expect(built.value == 0)
        let first = holder.greeter
        #expect(first === holder.greeter)
        #expect(built.value == 1)
    }

    @Test("@Injected's throwing resolve reports the error")
    func injectedThrowingPathReportsTheError() throws {
        let holder = Holder(container: DependencyContainer())
        let error = try #require(throws: DependencyResolutionError.self) { try holder.$greeter.resolve() }
        #expect(error.code == .notRegistered)
    }

    @Test("@Injected with a name and a scope resolves from the global container")
    func injectedNamedAndScopedResolveFromGlobal() throws {
        DependencyContainer.container(for: "injected-tests").register(
            InjectedOnlyService.self, name: "scoped"
        ) { _ in InjectedOnlyService(origin: "scope") }
        let holder = GlobalHolder()
        #expect(holder.service.origin == "scope")
    }

    struct Holder: Sendable {
        @Injected var greeter: any Greeter
        init(container: DependencyContainer) {
            _greeter = Injected(container: container)
        }
    }

    struct GlobalHolder {
        @Injected(scope: .init("injected-tests"), name: "scoped") var service: InjectedOnlyService
    }
}

struct InjectedOnlyService: Sendable {
    let origin: String
}
