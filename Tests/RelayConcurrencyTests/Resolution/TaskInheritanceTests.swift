import Relay
import RelayTestSupport
import Testing

/// Which tasks started inside an async factory carry on its resolution: a structured child task
/// (`async let`, a task group, a discarding task group) does, since its parent awaits it; an
/// unstructured task (`Task { }`, `Task.detached { }`) does not, since it is independent work that
/// may outlive the factory. Each kind is checked, because telling them apart reads the task's
/// flags from the concurrency runtime.
@Suite("Tasks started inside a factory")
struct TaskInheritanceTests {
    final class Connection: Sendable {}

    /// A transient whose factory resolves itself again through `resolveAgain` on its first build
    /// only: through a child task that is a cycle, through an unstructured task it is a second build.
    private func register(
        in container: DependencyContainer,
        builds: Counter,
        resolveAgain: @escaping @Sendable (DependencyContainer) async throws -> Void
    ) {
        container.register(Connection.self, lifecycle: .transient) { container in
            builds.increment()
            if builds.value == 1 {
                try await resolveAgain(container)
            }
            return Connection()
        }
    }

    private func expectCycle(_ operation: @escaping @Sendable () async throws -> Void) async throws {
        try await withDeadline(seconds: 10) {
            let error = await #expect(throws: DependencyResolutionError.self) { try await operation() }
            #expect(error?.code == .cycle)
            #expect(error?.path == ["Connection", "Connection"])
        }
    }

    @Test("a resolve through async let inside the factory is on the factory's path")
    func asyncLetInherits() async throws {
        let container = DependencyContainer()
        register(in: container, builds: Counter()) { container in
            async let again = container.resolve(Connection.self)
            _ = try await again
        }
        try await expectCycle { _ = try await container.resolve(Connection.self) }
    }

    @Test("a resolve through a task group inside the factory is on the factory's path")
    func taskGroupInherits() async throws {
        let container = DependencyContainer()
        register(in: container, builds: Counter()) { container in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { _ = try await container.resolve(Connection.self) }
                try await group.waitForAll()
            }
        }
        try await expectCycle { _ = try await container.resolve(Connection.self) }
    }

    @Test("a resolve through a discarding task group inside the factory is on the factory's path")
    func discardingTaskGroupInherits() async throws {
        let container = DependencyContainer()
        register(in: container, builds: Counter()) { container in
            try await withThrowingDiscardingTaskGroup { group in
                group.addTask { _ = try await container.resolve(Connection.self) }
            }
        }
        try await expectCycle { _ = try await container.resolve(Connection.self) }
    }

    @Test("a Task.immediate started in a synchronous factory runs on its thread: resolving the factory is a cycle")
    func immediateTaskInSynchronousFactoryIsOnItsThread() async throws {
        try await withDeadline(seconds: 10) {
            // The immediate task's resolve runs on the factory's thread only until it suspends;
            // while a test of another suite has the process-wide observer set, an observed resolve
            // suspends first (a task-local scope), and then it is independent work that builds
            // afresh. So up to five tries, and the first that ran in line is checked.
            for _ in 0..<5 {
                let container = DependencyContainer()
                let builds = Counter()
                let failure = Locked<(any Error)?>(nil)
                container.register(Connection.self, lifecycle: .transient) { container in
                    builds.increment()
                    if builds.value == 1 {
                        // Runs at once, on this thread, until it suspends: the resolve does not.
                        Task.immediate {
                            do {
                                _ = try await container.resolve(Connection.self)
                            } catch {
                                failure.withLock { $0 = error }
                            }
                        }
                    }
                    return Connection()
                }
                _ = try await container.resolve(Connection.self)
                guard let error = failure.withLock({ $0 }) else { continue }
                let resolutionError = try #require(error as? DependencyResolutionError)
                #expect(resolutionError.code == .cycle)
                #expect(resolutionError.path == ["Connection", "Connection"])
                #expect(builds.value == 1)
                return
            }
            Issue.record("the immediate task's resolve never ran in line with the factory")
        }
    }

    @Test("a Task started inside the factory resolves on a path of its own, even while the factory runs")
    func unstructuredTaskStartsAfresh() async throws {
        try await withDeadline(seconds: 10) {
            let container = DependencyContainer()
            let builds = Counter()
            let started = Locked<Task<Connection, any Error>?>(nil)
            let finished = Gate()
            register(in: container, builds: builds) { container in
                let task = Task { try await container.resolve(Connection.self) }
                started.withLock { $0 = task }
                // The factory is still running while the task resolves.
                _ = await task.result
                await finished.open()
            }
            _ = try await container.resolve(Connection.self)
            await finished.wait()
            let task = try #require(started.withLock { $0 })
            _ = try await task.value
            #expect(builds.value == 2)
        }
    }

    @Test("a detached task started inside the factory resolves on a path of its own")
    func detachedTaskStartsAfresh() async throws {
        try await withDeadline(seconds: 10) {
            let container = DependencyContainer()
            let builds = Counter()
            register(in: container, builds: builds) { container in
                _ = try await Task.detached { try await container.resolve(Connection.self) }.value
            }
            _ = try await container.resolve(Connection.self)
            #expect(builds.value == 2)
        }
    }
}
