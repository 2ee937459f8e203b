import Relay
import RelayTestSupport
import Testing

/// What `shutdown()` does with resolves and builds that happen while it runs: no resolve gets an
/// instance whose teardown has started, and what is built meanwhile is torn down by the same call.
///
/// A teardown that resolves from its own container captures it unowned: the registration keeps
/// its teardown, so a strong capture would keep the container alive for ever (the address
/// sanitizer's leak check runs on this target).
@Suite("Shutting down while resolving")
struct ShutdownDuringUseTests {
    final class Pool: Sendable {
        let generation: Int
        init(generation: Int) { self.generation = generation }
    }

    final class Cache: Sendable {}
    final class Audit: Sendable {}

    @Test("a resolve made while an instance's teardown runs gets a new instance, not the one torn down")
    func aResolveDuringTeardownBuildsAnew() async throws {
        try await withDeadline(seconds: 10) {
            let container = DependencyContainer()
            let built = Counter()
            let tearingDown = Gate()
            let resolved = Gate()
            container.register(Pool.self) { _ in
                built.increment()
                return Pool(generation: built.value)
            } teardown: { pool in
                guard pool.generation == 1 else { return }
                await tearingDown.open()
                await resolved.wait()
            }
            #expect(try await container.resolve(Pool.self).generation == 1)
            let shutdown = Task { try await container.shutdown() }
            await tearingDown.wait()
            let duringTeardown = try await container.resolve(Pool.self)
            await resolved.open()
            try await shutdown.value
            #expect(duringTeardown.generation == 2)
        }
    }

    @Test("a teardown still finds what it depends on, which is torn down after it")
    func aTeardownFindsItsDependencies() async throws {
        try await withDeadline(seconds: 10) {
            let container = DependencyContainer()
            let log = Locked<[String]>([])
            container.register(Pool.self) { _ in
                Pool(generation: 1)
            } teardown: { _ in
                log.withLock { $0.append("Pool") }
            }
            container.register(Cache.self) { container in
                _ = try await container.resolve(Pool.self)
                return Cache()
            } teardown: { [unowned container] _ in
                let pool = try await container.resolve(Pool.self)
                log.withLock { $0.append("Cache flushed to pool \(pool.generation)") }
            }
            _ = try await container.resolve(Cache.self)
            try await container.shutdown()
            #expect(log.withLock { $0 } == ["Cache flushed to pool 1", "Pool"])
        }
    }

    @Test("a singleton built by a teardown is torn down by the same shutdown")
    func aSingletonBuiltByATeardownIsTornDown() async throws {
        try await withDeadline(seconds: 10) {
            let container = DependencyContainer()
            let log = Locked<[String]>([])
            container.register(Audit.self) { _ in
                log.withLock { $0.append("Audit built") }
                return Audit()
            } teardown: { _ in
                log.withLock { $0.append("Audit torn down") }
            }
            container.register(Cache.self) { _ in
                Cache()
            } teardown: { [unowned container] _ in
                _ = try await container.resolve(Audit.self)
                log.withLock { $0.append("Cache torn down") }
            }
            _ = try await container.resolve(Cache.self)
            try await container.shutdown()
            #expect(log.withLock { $0 } == ["Audit built", "Cache torn down", "Audit torn down"])
            // Nothing is owed: a second shutdown tears nothing down.
            try await container.shutdown()
            #expect(log.withLock { $0 }.count == 3)
        }
    }

    @Test("teardowns that keep building stop after a bounded number of rounds")
    func roundsAreBounded() async throws {
        try await withDeadline(seconds: 10) {
            let container = DependencyContainer()
            let teardowns = Counter()
            container.register(Pool.self) { _ in
                Pool(generation: 0)
            } teardown: { [unowned container] _ in
                teardowns.increment()
                // Builds a new Pool, whose teardown builds another, and so on.
                _ = try await container.resolve(Pool.self)
            }
            _ = try await container.resolve(Pool.self)
            try await container.shutdown()
            #expect(teardowns.value == DependencyContainer.maximumShutdownRounds)
        }
    }
}
