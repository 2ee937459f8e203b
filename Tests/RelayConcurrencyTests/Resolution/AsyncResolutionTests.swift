import Relay
import RelayTestSupport
import Testing

/// Async factories: resolved by awaiting, built once however many tasks race, cycles found through
/// child tasks, and never a blocked thread. Each test runs under a deadline.
@Suite("Async factories")
struct AsyncResolutionTests {
    final class Database: Sendable {
        let id: Int
        init(id: Int = 0) { self.id = id }
    }

    final class Repository: Sendable {
        let database: Database
        init(database: Database) { self.database = database }
    }

    final class CycleA: Sendable {}
    final class CycleB: Sendable {}
    struct Config: Sendable { var url = "sqlite::memory:" }

    @Test("an async factory is awaited, and its singleton is kept")
    func anAsyncFactoryIsAwaited() async throws {
        try await withDeadline {
            let container = DependencyContainer()
            let built = Counter()
            container.register(Config.self) { _ in Config() }
            container.register(Database.self) { container in
                _ = try await container.resolve(Config.self)
                await Task.yield()
                built.increment()
                return Database()
            }
            container.register(Repository.self, lifecycle: .transient) { container in
                try await Repository(database: container.resolve(Database.self))
            }
            let first = try await container.resolve(Repository.self)
            let second = try await container.resolve(Repository.self)
            #expect(first !== second)
            #expect(first.database === second.database)
            #expect(built.value == 1)
        }
    }

    @Test("a synchronous resolve of an async registration reads it once built, and throws before")
    func aSynchronousResolveOfAnAsyncRegistration() async throws {
        try await withDeadline {
            let container = DependencyContainer()
            container.register(Database.self) { _ in
                await Task.yield()
                return Database(id: 7)
            }
            // From a thread that runs no task: synchronous code, which can switch to try await.
            let fromThread = await onThread {
                Result { try resolveSynchronously(Database.self, from: container) }.map { _ in () }
            }
            let error = try #require(throws: DependencyResolutionError.self) { try fromThread.get() }
            #expect(error.code == .asyncFactory)
            #expect(
                error.description == """
                    'Database' in global has an async factory and no instance yet: a synchronous resolve cannot wait for it.
                      resolution path: Database
                      to fix: resolve it with try await container.resolve(Database.self), or register it as \
                    .eagerSingleton and call try await container.start() first, so synchronous code finds it built
                    """)
            // Inside a task, where Swift picks the synchronous overload in top-level code even under
            // `await`: the message must not advise the `try await` the user may have written.
            let inTask = try #require(throws: DependencyResolutionError.self) {
                try resolveSynchronously(Database.self, from: container)
            }
            #expect(inTask.code == .asyncFactory)
            #expect(
                inTask.description.hasSuffix(
                    """
                      to fix: this synchronous resolve was called inside a task, from a synchronous function or \
                    closure, or from top-level code (main.swift), where Swift picks it even when the line reads \
                    try await: resolve Database from an async function, or register it as .eagerSingleton and call \
                    try await container.start() before resolving it
                    """))
            let awaited = try await container.resolve(Database.self)
            #expect(try resolveSynchronously(Database.self, from: container) === awaited)
        }
    }

    @Test("a thousand tasks racing for one async singleton build it once and share it")
    func aThousandTasksBuildOnce() async throws {
        try await withDeadline {
            let container = DependencyContainer()
            let built = Counter()
            container.register(Database.self) { _ in
                built.increment()
                for _ in 0..<10 { await Task.yield() }
                return Database()
            }
            let identities = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
                for _ in 0..<1_000 {
                    group.addTask { try await ObjectIdentifier(container.resolve(Database.self)) }
                }
                var identities: Set<ObjectIdentifier> = []
                for try await identity in group { identities.insert(identity) }
                return identities
            }
            #expect(built.value == 1)
            #expect(identities.count == 1)
        }
    }

    @Test("a cycle among async factories is an error with its path")
    func anAsyncCycleIsAnError() async throws {
        try await withDeadline {
            let container = DependencyContainer()
            container.register(CycleA.self) { container in
                _ = try await container.resolve(CycleB.self)
                return CycleA()
            }
            container.register(CycleB.self) { container in
                _ = try await container.resolve(CycleA.self)
                return CycleB()
            }
            let error = try await #require(throws: DependencyResolutionError.self) {
                try await container.resolve(CycleA.self)
            }
            #expect(error.code == .cycle)
            #expect(error.path == ["CycleA", "CycleB", "CycleA"])
        }
    }

    @Test("a cycle closed from a child task (async let) is an error, not a hang")
    func aCycleThroughAsyncLetIsAnError() async throws {
        try await withDeadline {
            let container = DependencyContainer()
            container.register(CycleA.self) { container in
                async let other = container.resolve(CycleB.self)
                _ = try await other
                return CycleA()
            }
            container.register(CycleB.self, lifecycle: .transient) { container in
                try await withThrowingTaskGroup(of: CycleA.self) { group in
                    group.addTask { try await container.resolve(CycleA.self) }
                    _ = try await group.next()
                }
                return CycleB()
            }
            let error = try await #require(throws: DependencyResolutionError.self) {
                try await container.resolve(CycleA.self)
            }
            #expect(error.code == .cycle)
            #expect(error.path == ["CycleA", "CycleB", "CycleA"])
        }
    }

    @Test("two tasks resolving the two ends of an async cycle both get the cycle")
    func twoTasksOnTheEndsOfACycle() async throws {
        try await withDeadline {
            for _ in 0..<50 {
                let container = DependencyContainer()
                let bothStarted = Barrier(count: 2)
                container.register(CycleA.self) { container in
                    await bothStarted.arrive()
                    _ = try await container.resolve(CycleB.self)
                    return CycleA()
                }
                container.register(CycleB.self) { container in
                    await bothStarted.arrive()
                    _ = try await container.resolve(CycleA.self)
                    return CycleB()
                }
                async let first: Void = { _ = try await container.resolve(CycleA.self) }()
                async let second: Void = { _ = try await container.resolve(CycleB.self) }()
                var codes: [DependencyResolutionError.Code] = []
                do { try await first } catch let error as DependencyResolutionError { codes.append(error.code) }
                do { try await second } catch let error as DependencyResolutionError { codes.append(error.code) }
                #expect(codes == [.cycle, .cycle])
            }
        }
    }

    @Test("start builds independent async eager singletons concurrently")
    func startBuildsConcurrently() async throws {
        try await withDeadline {
            let container = DependencyContainer()
            // Each factory returns only once all ten have started: one at a time, start never ends.
            let allStarted = Barrier(count: 10)
            let built = Counter()
            for index in 0..<10 {
                container.register(Database.self, name: "shard\(index)", lifecycle: .eagerSingleton) { _ in
                    await allStarted.arrive()
                    built.increment()
                    return Database(id: index)
                }
            }
            try await container.start()
            #expect(built.value == 10)
            #expect(try resolveSynchronously(Database.self, name: "shard3", from: container).id == 3)
        }
    }

    @Test("a synchronous start reports an async eager singleton instead of blocking")
    func aSynchronousStartReportsAsyncEagerSingletons() throws {
        let container = DependencyContainer()
        container.register(Database.self, lifecycle: .eagerSingleton) { _ in Database() as Database }
        container.register(Repository.self, lifecycle: .eagerSingleton) { _ in
            await Task.yield()
            return Repository(database: Database())
        }
        let error = try #require(throws: DependencyGraphError.self) { try container.startSynchronously() }
        #expect(error.code == .startFailed)
        #expect(error.failures.map(\.code) == [.asyncFactory])
        #expect(error.failures.map(\.requestedType) == ["Repository"])
    }

    @Test("shutdown tears down newest first, runs every teardown, and reports the failures by type")
    func shutdownTearsDownInReverseOrder() async throws {
        try await withDeadline {
            let container = DependencyContainer()
            let log = Locked<[String]>([])
            let built = Counter()
            container.register(Config.self) { _ in
                Config()
            } teardown: { _ in
                log.withLock { $0.append("Config") }
            }
            container.register(Database.self) { container in
                _ = try await container.resolve(Config.self)
                built.increment()
                return Database()
            } teardown: { _ in
                log.withLock { $0.append("Database") }
                throw Unavailable()
            }
            container.register(Repository.self) { container in
                try await Repository(database: container.resolve(Database.self))
            } teardown: { _ in
                log.withLock { $0.append("Repository") }
            }
            _ = try await container.resolve(Repository.self)
            let error = try await #require(throws: DependencyShutdownError.self) { try await container.shutdown() }
            #expect(log.withLock { $0 } == ["Repository", "Database", "Config"])
            #expect(error.code == .teardownFailed)
            #expect(
                error.description == """
                    Shutting down the container failed: 1 teardown threw.
                    - 'Database' in global: the database is unavailable
                    """)
            // Singletons are dropped: the next resolve builds anew, and nothing is torn down twice.
            _ = try await container.resolve(Database.self)
            #expect(built.value == 2)
            try? await container.shutdown()
            #expect(log.withLock { $0 } == ["Repository", "Database", "Config", "Database", "Config"])
        }
    }

    @Test("a cancelled waiter stops waiting, and the build goes on for the others")
    func aCancelledWaiterStopsWaiting() async throws {
        try await withDeadline {
            let container = DependencyContainer()
            let gate = Gate()
            let started = Gate()
            let built = Counter()
            container.register(Database.self) { _ in
                built.increment()
                await started.open()
                await gate.wait()
                return Database()
            }
            let builder = Task { try await container.resolve(Database.self) }
            await started.wait()
            let waiter = Task { try await container.resolve(Database.self) }
            waiter.cancel()
            await #expect(throws: CancellationError.self) { try await waiter.value }
            await gate.open()
            _ = try await builder.value
            #expect(built.value == 1)
        }
    }

    @Test("when the building task is cancelled and gives up, a waiting task builds instead")
    func aCancelledBuilderLeavesTheBuildToAWaiter() async throws {
        try await withDeadline {
            let container = DependencyContainer()
            let gate = Gate()
            let started = Gate()
            let built = Counter()
            container.register(Database.self) { _ in
                let attempt = built.value
                built.increment()
                if attempt == 0 {
                    await started.open()
                    await gate.wait()
                    try Task.checkCancellation()
                }
                return Database(id: attempt)
            }
            let builder = Task { try await container.resolve(Database.self) }
            await started.wait()
            let waiter = Task { try await container.resolve(Database.self) }
            builder.cancel()
            await gate.open()
            await #expect(throws: CancellationError.self) { try await builder.value }
            let rebuilt = try await waiter.value
            #expect(rebuilt.id == 1)
            #expect(built.value == 2)
        }
    }

    @Test("overrides and the observer apply to async resolution")
    func overridesAndObserverApply() async throws {
        try await withDeadline {
            let container = DependencyContainer()
            container.register(Database.self) { _ in
                await Task.yield()
                return Database(id: 1)
            }
            let id = try await container.withOverrides { overrides in
                overrides.register(Database.self) { _ in
                    await Task.yield()
                    return Database(id: 2)
                }
            } operation: {
                try await container.resolve(Database.self).id
            }
            #expect(id == 2)
            #expect(try await container.resolve(Database.self).id == 1)
        }
    }

    @Test("async validation runs async factories and reports what they miss")
    func asyncValidationCoversAsyncRegistrations() async throws {
        try await withDeadline {
            let container = DependencyContainer()
            container.register(Repository.self) { container in
                try await Repository(database: container.resolve(Database.self))
            }
            let error = try await #require(throws: DependencyGraphError.self) { try await container.validate() }
            #expect(error.failures.map(\.code) == [.notRegistered])
            #expect(error.failures.first?.path == ["Repository", "Database"])
            container.register(Database.self) { _ in Database() }
            try await container.validate()
            let graph = await container.dependencyGraph()
            #expect(graph.edges.map { "\($0.from) -> \($0.to)" } == ["global/Repository -> global/Database"])
            #expect(graph.failures.isEmpty)
        }
    }
}

/// A synchronous resolve, from synchronous code: inside an async function Swift would pick the
/// async overload.
func resolveSynchronously<Service>(
    _ type: Service.Type,
    name: String? = nil,
    from container: DependencyContainer
) throws -> Service {
    try container.resolve(type, name: name)
}
