import Benchmark
@_spi(Internals) import Dependencies
import Relay
import Swinject

/// Scenario 5: create a container, register 1,000 singleton services of distinct types, and
/// resolve each once.
///
/// One sample is one whole build; an operation is one service (registered, then built through
/// the container), so the figure is the build's cost divided by 1,000. Target: Relay within 2x
/// of a hand-written dictionary of factories.
///
/// swift-dependencies declares its keys at compile time and has no container to fill: its
/// equivalent of a new container is an empty cache (`resetCache()`, which its own test support
/// calls before each test), after which each of the 1,000 keys is read once and builds its
/// `liveValue`.
enum BuildContainerScenario {
    static let serviceCount = 1_000
    static let scenario = Scenario(id: "S05", title: "build 1,000 and resolve each", operationsPerSample: serviceCount)

    static func register() {
        let types = SlotTypes.first(serviceCount)
        scenario.benchmark(.handWritten, setup: { _ = SlotTypes.all }) { _ in
            let registry = HandWrittenRegistry()
            for type in types { registerHandWritten(type, in: registry) }
            for type in types { blackHole(registry.resolve(type)) }
        }
        scenario.benchmark(.relay, setup: { _ = SlotTypes.all }) { _ in
            let container = DependencyContainer()
            for type in types { registerRelay(type, in: container) }
            for type in types { blackHole(try container.resolve(type)) }
        }
        scenario.benchmark(.swinject, setup: { _ = SlotTypes.all }) { _ in
            let container = Container()
            for type in types { registerSwinject(type, in: container) }
            for type in types { blackHole(container.resolve(type)!) }
        }
        scenario.benchmark(.swiftDependencies, setup: { _ = SlotTypes.all }) { _ in
            DependencyValues._current.cachedValues.resetCache()
            for type in types { blackHole(resolveDependency(type)) }
        }
    }

    private static func registerHandWritten<S: SlotService>(_: S.Type, in registry: HandWrittenRegistry) {
        registry.register(S.self) { S() }
    }

    private static func registerRelay<S: SlotService>(_: S.Type, in container: DependencyContainer) {
        container.register(S.self) { _ in S() }
    }

    private static func registerSwinject<S: SlotService>(_: S.Type, in container: Container) {
        container.register(S.self) { _ in S() }.inObjectScope(.container)
    }

    private static func resolveDependency<S: SlotService>(_: S.Type) -> S {
        @Dependency(SlotKey<S>.self) var service
        return service
    }
}

/// The swift-dependencies key of a slot type: its `liveValue` is a new instance, which the library
/// caches.
enum SlotKey<S: SlotService>: Dependencies.DependencyKey {
    static var liveValue: S { S() }
}
