#if ServiceLifecycleSupport
import Logging
import Relay
import RelayServiceLifecycle
import RelayTestSupport
import ServiceLifecycle
import Testing

private protocol Store: Sendable {}
private protocol Cache: Sendable {}
private final class Database: Store {}
private final class Metrics: Cache {}

private struct CloseFailed: Error, CustomStringConvertible {
    var description: String { "the socket was already closed" }
}

@Suite("DependencyContainerService in a real ServiceGroup")
struct DependencyContainerServiceTests {
    /// A database (async, eager) and a cache built from it, each recording its life in `journal`.
    private static func container(journal: Journal, cacheTeardown: @escaping @Sendable () throws -> Void = {})
        -> DependencyContainer
    {
        let container = DependencyContainer()
        container.register((any Store).self, lifecycle: .eagerSingleton) { _ in
            // Opening suspends, as a connect would.
            await Task.yield()
            journal.record("database opened")
            return Database()
        } teardown: { _ in
            // A teardown that awaits work that honours cancellation: cancellation must not cut it short.
            try await cancellableWork()
            journal.record("database closed")
        }
        container.register((any Cache).self, lifecycle: .eagerSingleton) { container in
            _ = try await container.resolve((any Store).self)
            journal.record("cache opened")
            return Metrics()
        } teardown: { _ in
            journal.record("cache closing")
            try cacheTeardown()
        }
        return container
    }

    @Test("starts the container, and after graceful shutdown closes it once the server has stopped, dependents first")
    func orderedShutdown() async throws {
        try await withDeadline {
            let journal = Journal()
            let container = Self.container(journal: journal)
            let serverStarted = Gate()
            let (logger, messages) = capturingLogger()
            let group = ServiceGroup(
                services: [
                    DependencyContainerService(container: container, logger: logger),
                    StandInServer(journal: journal, started: serverStarted),
                ],
                logger: logger)

            let running = Task { try await group.run() }
            await serverStarted.wait()
            // The container starts concurrently with the server; wait until its eager singletons exist.
            await journal.waitFor("cache opened")
            await group.triggerGracefulShutdown()
            try await running.value

            let lifecycle = journal.recorded.filter { $0 != "server started" }
            #expect(
                lifecycle == ["database opened", "cache opened", "server stopped", "cache closing", "database closed"])
            #expect(messages.withLock { $0.map(\.message) }.contains("Dependency container shut down"))
            #expect(messages.withLock { $0.allSatisfy { $0.level < .error } })
        }
    }

    @Test("a failing teardown is logged naming its type, the others still run, and the group's run throws")
    func failingTeardown() async throws {
        try await withDeadline {
            let journal = Journal()
            let container = Self.container(journal: journal) { throw CloseFailed() }
            let (logger, messages) = capturingLogger()
            let group = ServiceGroup(
                services: [DependencyContainerService(container: container, logger: logger)], logger: logger)

            let running = Task { try await group.run() }
            await journal.waitFor("cache opened")
            await group.triggerGracefulShutdown()
            let thrown = await #expect(throws: DependencyShutdownError.self) { try await running.value }

            #expect(thrown?.failures.map(\.requestedType) == ["Cache"])
            #expect(journal.recorded.suffix(2) == ["cache closing", "database closed"])
            let errors = messages.withLock { $0.filter { $0.level == .error }.map(\.message) }
            #expect(errors == ["Teardown failed: 'Cache' in global: the socket was already closed"])
        }
    }

    @Test("a container that fails to start ends the group, after closing what it had built")
    func failingStart() async throws {
        struct Unreachable: Error {}
        try await withDeadline {
            let journal = Journal()
            let container = Self.container(journal: journal)
            container.register(Int.self, lifecycle: .eagerSingleton) { container in
                _ = try await container.resolve((any Store).self)
                throw Unreachable()
            }
            let (logger, messages) = capturingLogger()
            let group = ServiceGroup(
                services: [
                    DependencyContainerService(container: container, logger: logger),
                    StandInServer(journal: journal, started: Gate()),
                ],
                logger: logger)

            // start() reports every eager singleton that failed, naming the type and what it threw.
            let thrown = await #expect(throws: DependencyGraphError.self) { try await group.run() }
            #expect(thrown?.description.contains("The factory for 'Int' in global threw: Unreachable()") == true)
            #expect(journal.recorded.contains("database closed"))
            #expect(messages.withLock { $0.contains { $0.level == .error && $0.message.hasPrefix("Starting the") } })
        }
    }

    @Test("a service that fails, configured to shut the group down gracefully, keeps the order: server, then teardowns")
    func failingServiceShutsDownGracefully() async throws {
        struct WorkerFailed: Error {}
        /// A worker that fails once the container has built its singletons.
        struct FailingWorker: Service {
            let journal: Journal
            func run() async throws {
                await journal.waitFor("cache opened")
                throw WorkerFailed()
            }
        }
        try await withDeadline {
            let journal = Journal()
            let container = Self.container(journal: journal)
            let (logger, _) = capturingLogger()
            let group = ServiceGroup(
                configuration: ServiceGroupConfiguration(
                    services: [
                        .init(service: DependencyContainerService(container: container, logger: logger)),
                        .init(
                            service: StandInServer(journal: journal, started: Gate()),
                            failureTerminationBehavior: .gracefullyShutdownGroup),
                        .init(
                            service: FailingWorker(journal: journal),
                            failureTerminationBehavior: .gracefullyShutdownGroup),
                    ],
                    logger: logger))

            await #expect(throws: WorkerFailed.self) { try await group.run() }

            let stopping = journal.recorded.drop { $0 != "server stopped" }
            #expect(Array(stopping) == ["server stopped", "cache closing", "database closed"], "\(journal.recorded)")
        }
    }

    @Test("when the group is cancelled instead, every teardown still runs to its end")
    func cancelledGroup() async throws {
        try await withDeadline {
            let journal = Journal()
            let container = Self.container(journal: journal)
            let (logger, _) = capturingLogger()
            let group = ServiceGroup(
                services: [DependencyContainerService(container: container, logger: logger)], logger: logger)

            let running = Task { try await group.run() }
            await journal.waitFor("cache opened")
            running.cancel()
            _ = await running.result

            // The database's teardown awaits cancellable work before it records: cancelled, it would
            // never record.
            #expect(journal.recorded.suffix(2) == ["cache closing", "database closed"])
        }
    }
}
#endif
