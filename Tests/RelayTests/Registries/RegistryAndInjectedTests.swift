import Relay
import RelayTestSupport
import Testing

@Suite("Registries and @Injected")
struct RegistryAndInjectedTests {
    struct GreeterRegistry: DependencyRegistryType {
        let container: DependencyContainer
        func registerDependencies() throws {
            container.register((any Greeter).self) { _ in EnglishGreeter() }
        }
    }

    struct FrenchOverrides: DependencyRegistryType {
        let container: DependencyContainer
        func registerDependencies() throws {
            container.register((any Greeter).self) { _ in FrenchGreeter() }
        }
    }

    struct FailingRegistry: DependencyRegistryType {
        func registerDependencies() throws { throw Unavailable() }
    }

    @Test("registries apply in order, and later ones win")
    func registriesApplyInOrderAndLaterOnesWin() throws {
        let container = DependencyContainer()
        try container.apply(GreeterRegistry(container: container), FrenchOverrides(container: container))
        #expect(try container.resolve((any Greeter).self).greeting == "bonjour")
    }

    @Test("a failing registry stops the ones after it")
    func aFailingRegistryStopsTheOnesAfterIt() throws {
        let container = DependencyContainer()
        #expect(throws: Unavailable.self) {
            try container.apply([FailingRegistry(), GreeterRegistry(container: container)])
        }
        #expect(!container.isRegistered((any Greeter).self))
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
