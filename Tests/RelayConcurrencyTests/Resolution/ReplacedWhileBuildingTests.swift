import Dispatch
import Relay
import RelayTestSupport
import Testing

/// A singleton whose registration is replaced while its factory runs (what re-wiring a program
/// under live traffic does): the resolve that started the build gets what it built, uncached, and
/// its teardown is still owed, never lost.
@Suite("A registration replaced while it builds")
struct ReplacedWhileBuildingTests {
    final class Connection: Sendable {
        let generation: Int
        init(generation: Int) { self.generation = generation }
    }

    @Test(
        "the instance the replaced registration built is handed out uncached and torn down once, by shutdown",
        arguments: [false, true])
    func theReplacedRegistrationsInstanceIsTornDownByShutdown(asyncFactory: Bool) async throws {
        try await withDeadline(seconds: 10) {
            let container = DependencyContainer()
            let started = DispatchSemaphore(value: 0)
            let release = DispatchSemaphore(value: 0)
            let tornDown = Locked<[Int]>([])
            if asyncFactory {
                container.register(Connection.self) { _ in
                    started.signal()
                    // Waits on a thread of its own, so that no thread of the cooperative pool blocks.
                    await onThread { release.wait() }
                    return Connection(generation: 1)
                } teardown: { connection in
                    tornDown.withLock { $0.append(connection.generation) }
                }
            } else {
                container.register(Connection.self) { _ in
                    started.signal()
                    release.wait()
                    return Connection(generation: 1)
                } teardown: { connection in
                    tornDown.withLock { $0.append(connection.generation) }
                }
            }
            let first = Task.detached {
                asyncFactory
                    ? try await container.resolve(Connection.self)
                    : try await onThread { Result { try container.resolve(Connection.self) } }.get()
            }
            await onThread { started.wait() }
            // Re-wired while the first build runs.
            container.register(Connection.self) { _ in
                Connection(generation: 2)
            } teardown: { connection in
                tornDown.withLock { $0.append(connection.generation) }
            }
            release.signal()

            #expect(try await first.value.generation == 1)
            // The replacement's instance is the one cached from now on.
            let second = try await container.resolve(Connection.self)
            #expect(second.generation == 2)
            #expect(try await container.resolve(Connection.self) === second)
            #expect(tornDown.withLock { $0 }.isEmpty, "nothing is torn down before its owner ends")

            try await container.shutdown()
            #expect(tornDown.withLock { $0 } == [2, 1], "newest first, each once")
            try await container.shutdown()
            #expect(tornDown.withLock { $0 } == [2, 1], "a second shutdown owes nothing more")
        }
    }
}
