import Dispatch
import Foundation
import Relay
import RelayTestSupport
import Testing

/// A synchronous resolve inside a task waits for another's synchronous build as a thread does (that
/// build needs no other thread), bounded by `constructionWaitLimit`; inside a synchronous factory
/// that an async resolve runs it does not block at all (that async resolve suspends instead).
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
                // Time is the subject: a slow build, which the other eager singleton's factory must
                // not give up on. That factory blocks its thread to wait, which no test can see.
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

    @Test("a synchronous resolve in a task waits for a slow synchronous build on another thread, and gets it")
    func aSynchronousResolveInATaskWaitsForASlowBuild() async throws {
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
            await onThread { started.wait() }
            let waiter = Task.detached { try resolveSynchronously(Settings.self, from: container) }
            // Time is the subject: the waiter must not give up before the build ends, which takes
            // longer than the 50 ms a waiter in a task used to be given.
            try await Task.sleep(for: .milliseconds(200))
            release.signal()
            let built = try #require(await builder.value)
            #expect(try await waiter.value === built)
        }
    }

    @Test("a synchronous resolve in a task gives up after the construction wait limit, saying why")
    func aSynchronousResolveInATaskTimesOut() async throws {
        try await withDeadline(seconds: 10) {
            let container = DependencyContainer()
            container.constructionWaitLimit = .milliseconds(100)
            let started = DispatchSemaphore(value: 0)
            let release = DispatchSemaphore(value: 0)
            container.register(Settings.self) { _ in
                started.signal()
                _ = release.wait(timeout: .now() + 5)
                return Settings()
            }
            let builder = Task.detached { await onThread { try? container.resolve(Settings.self) } }
            await onThread { started.wait() }
            let error = await Task.detached { () -> DependencyResolutionError? in
                do {
                    _ = try resolveSynchronously(Settings.self, from: container)
                    return nil
                } catch {
                    return error as? DependencyResolutionError
                }
            }.value
            release.signal()
            _ = await builder.value
            #expect(error?.code == .waitTimedOut)
            #expect(
                error?.description.hasPrefix(
                    "Gave up waiting for 0.1 seconds for 'Settings' in global: another thread is building it") == true)
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
                // Time is the subject: a slow build, long enough for the read below to find it under
                // way; the read blocks its thread to wait, which no test can see.
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
