import Relay
import RelayIntegrationTestSupport
import RelayVapor
import Testing
import Vapor
import VaporTesting

@Suite("RelayVapor: the container runs with the application")
struct DependencyContainerLifecycleTests {
    struct Refused: Error, CustomStringConvertible {
        var description: String { "refused" }
    }

    final class Store: Sendable {}
    final class Client: Sendable {}

    @Test("boot starts the container (eager singletons built); shutdown tears it down, newest first")
    func bootAndShutdown() async throws {
        let log = EventLog()
        let container = DependencyContainer()
        container.register(Store.self, lifecycle: .eagerSingleton) { _ in
            log.record("built store")
            return Store()
        } teardown: { _ in
            log.record("closed store")
        }
        container.register(Client.self) { _ in
            Client()
        } teardown: { _ in
            log.record("closed client")
        }
        let lifecycle = try await withRelayApp(container: container) { app in
            let lifecycle = app.useRelay(container)
            #expect(log.recorded.isEmpty)
            try await app.asyncBoot()
            #expect(log.recorded == ["built store"])
            _ = try await app.dependencies.resolve(Client.self)
            return lifecycle
        }
        #expect(log.recorded == ["built store", "closed client", "closed store"])
        #expect(lifecycle.shutdownError == nil)
    }

    @Test("a teardown that throws is kept for the program; the others still run")
    func aFailedTeardownIsKept() async throws {
        let log = EventLog()
        let container = DependencyContainer()
        container.register(Store.self, lifecycle: .eagerSingleton) { _ in
            Store()
        } teardown: { _ in
            log.record("closed store")
        }
        container.register(Client.self, lifecycle: .eagerSingleton) { _ in
            Client()
        } teardown: { _ in
            throw Refused()
        }
        let lifecycle = try await withRelayApp(container: container) { app in
            let lifecycle = app.useRelay(container)
            try await app.asyncBoot()
            return lifecycle
        }
        #expect(log.recorded == ["closed store"])
        let error = try #require(lifecycle.shutdownError as? DependencyShutdownError)
        #expect(error.failures.map(\.requestedType) == ["Client"])
    }

    @Test("a start that fails stops the boot, with the factory's error")
    func aFailedStartStopsTheBoot() async throws {
        let container = DependencyContainer()
        container.register(Store.self, lifecycle: .eagerSingleton) { _ -> Store in throw Refused() }
        try await withRelayApp(container: container) { app in
            app.useRelay(container)
            await #expect(throws: (any Error).self) { try await app.asyncBoot() }
        }
    }
}
