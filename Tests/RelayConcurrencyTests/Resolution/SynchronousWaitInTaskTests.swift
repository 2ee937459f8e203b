import Dispatch
import Foundation
import Relay
import RelayTestSupport
import Testing

/// A synchronous resolve inside a task never holds a thread of the cooperative pool for long: it
/// waits for another's build at most `cooperativeWaitLimit`, and inside a synchronous factory that
/// an async resolve runs it does not block at all (that async resolve suspends instead).
@Suite("Synchronous waits inside tasks")
struct SynchronousWaitInTaskTests {
    final class Settings: Sendable {}
    final class Mailer: Sendable {}
    final class Search: Sendable {}

    @Test("eager singletons whose synchronous factories share a slow synchronous dependency all start")
    func eagerSingletonsShareASlowDependency() async throws {
        try await withDeadline(seconds: 10) {
            let container = DependencyContainer()
            let settingsBuilt = Counter()
            container.register(Settings.self) { _ in
                settingsBuilt.increment()
                // Longer than cooperativeWaitLimit: the other eager singleton's factory must not
                // give up on it.
                Thread.sleep(forTimeInterval: 0.3)
                return Settings()
            }
            container.register(Mailer.self, lifecycle: .eagerSingleton) { container in
                _ = try container.resolve(Settings.self)
                return Mailer()
            }
            container.register(Search.self, lifecycle: .eagerSingleton) { container in
                _ = try container.resolve(Settings.self)
                return Search()
            }
            try await container.start()
            #expect(settingsBuilt.value == 1)
        }
    }

    @Test("a synchronous resolve in a task that would wait too long says to resolve with try await")
    func aLongSynchronousWaitInATaskFails() async throws {
        try await withDeadline(seconds: 10) {
            let container = DependencyContainer()
            let started = DispatchSemaphore(value: 0)
            let release = DispatchSemaphore(value: 0)
            container.register(Settings.self) { _ in
                started.signal()
                _ = release.wait(timeout: .now() + 5)
                return Settings()
            }
            // The builder is a plain thread, so it holds no thread of the pool.
            let builder = Task.detached { await onThread { try? container.resolve(Settings.self) } }
            started.wait()
            let clock = ContinuousClock()
            let start = clock.now
            let error = #expect(throws: DependencyResolutionError.self) {
                _ = try resolveSynchronously(Settings.self, from: container)
            }
            let waited = clock.now - start
            release.signal()
            _ = await builder.value
            #expect(error?.code == .mustAwait)
            #expect(error?.description.contains("try await container.resolve(Settings.self)") == true)
            #expect(waited >= DependencyContainer.cooperativeWaitLimit)
            #expect(waited < .seconds(2))
            // The build went on, and its instance is there now.
            _ = try resolveSynchronously(Settings.self, from: container)
        }
    }

    struct Reader: Sendable {
        @Injected var settings: Settings
    }

    @Test("reading an @Injected property in a task waits for a slow build instead of trapping")
    func anInjectedReadInATaskWaits() async throws {
        try await withDeadline(seconds: 10) {
            let container = DependencyContainer()
            let started = DispatchSemaphore(value: 0)
            container.register(Settings.self) { _ in
                started.signal()
                // Far longer than cooperativeWaitLimit.
                Thread.sleep(forTimeInterval: 0.4)
                return Settings()
            }
            let built = Task.detached { await onThread { try? container.resolve(Settings.self) } }
            started.wait()
            let reader = Reader(settings: Injected(container: container))
            let read = reader.settings
            #expect(read === (await built.value))
        }
    }
}
