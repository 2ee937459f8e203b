import Benchmark
import Dependencies
import Relay
import Swinject

/// Scenario 1: resolve a singleton that is already built.
///
/// Target: Relay within 3x of a hand-written `static let`, with no allocation.
enum CachedSingletonScenario {
    static let scenario = Scenario(id: "S01", title: "cached singleton")

    static func register() {
        scenario.benchmark(.handWritten) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(HandWrittenSingletons.service)
            }
        }
        scenario.benchmark(.handWrittenOwned) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(handedOut(HandWrittenSingletons.builtService))
            }
        }
        scenario.benchmark(.relay, setup: { _ = try SingletonFixtures.relay.resolve(Service.self) }) { benchmark in
            let container = SingletonFixtures.relay
            for _ in benchmark.scaledIterations {
                blackHole(try container.resolve(Service.self))
            }
        }
        scenario.benchmark(.swinject, setup: { _ = SingletonFixtures.swinject.resolve(Service.self)! }) { benchmark in
            let container = SingletonFixtures.swinject
            for _ in benchmark.scaledIterations {
                blackHole(container.resolve(Service.self)!)
            }
        }
        scenario.benchmark(
            .swiftDependencies,
            setup: {
                @Dependency(\.service) var service
                _ = service
            }
        ) { benchmark in
            for _ in benchmark.scaledIterations {
                @Dependency(\.service) var service
                blackHole(service)
            }
        }
    }
}

/// The hand-written singletons: what a program without a container writes.
enum HandWrittenSingletons {
    /// Built from a constant initialiser, which the compiler lays out as an immortal object in the
    /// binary: reading it never touches a reference count.
    static let service = Service()

    /// The same service built at run time, as a service that reads configuration or takes
    /// dependencies is, and as every container builds its singletons: an ordinary heap object
    /// whose reference count every owned reference updates.
    static let builtService = builtAtRunTime(Service.init)
}

/// Calls `make` where the compiler cannot fold it into a constant.
@inline(never)
func builtAtRunTime<Object>(_ make: () -> Object) -> Object {
    make()
}

/// One registered singleton per library, shared by scenarios 1 and 6.
enum SingletonFixtures {
    static let relay: DependencyContainer = {
        let container = DependencyContainer()
        container.register(Service.self) { _ in Service() }
        return container
    }()

    // Safety: Swinject's `Container` is not Sendable. The benchmarks use it from the one thread
    // that runs them; scenario 6 shares only `swinjectSynchronized`, Swinject's thread-safe view.
    nonisolated(unsafe) static let swinject: Container = {
        let container = Container()
        container.register(Service.self) { _ in Service() }.inObjectScope(.container)
        return container
    }()

    // Safety: a synchronized resolver serialises every call on Swinject's recursive lock.
    nonisolated(unsafe) static let swinjectSynchronized: any Resolver = swinject.synchronize()
}

private enum ServiceKey: Dependencies.DependencyKey {
    static var liveValue: Service { Service() }
}

extension DependencyValues {
    /// The singleton of scenarios 1 and 6; swift-dependencies caches a key's `liveValue`.
    var service: Service {
        get { self[ServiceKey.self] }
        set { self[ServiceKey.self] = newValue }
    }
}
