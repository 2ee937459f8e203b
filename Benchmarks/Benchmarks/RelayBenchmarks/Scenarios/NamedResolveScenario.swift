import Benchmark
import Dependencies
import Relay
import Swinject

/// Scenario 4: resolve a cached singleton by name among 100 named registrations of one type.
///
/// Target: Relay within 2x of a hand-written `[String: Service]` dictionary. swift-dependencies has
/// no names: its equivalent is a dependency whose value is that dictionary.
enum NamedResolveScenario {
    static let scenario = Scenario(id: "S04", title: "named among 100")

    static let names = (0..<100).map { "service\($0)" }

    /// The name looked up; a small string, as most registration names are, so building it never
    /// allocates and every library hashes the same bytes.
    static let wanted = "service57"

    static func register() {
        scenario.benchmark(.handWritten, setup: { _ = handWritten }) { benchmark in
            let services = handWritten
            let name = wanted
            for _ in benchmark.scaledIterations {
                blackHole(services[name]!)
            }
        }
        scenario.benchmark(.relay, setup: { try resolveAll(relay) }) { benchmark in
            let container = relay
            let name = wanted
            for _ in benchmark.scaledIterations {
                blackHole(try container.resolve(Service.self, name: name))
            }
        }
        scenario.benchmark(.swinject, setup: { for name in names { _ = swinject.resolve(Service.self, name: name)! } })
        { benchmark in
            let container = swinject
            let name = wanted
            for _ in benchmark.scaledIterations {
                blackHole(container.resolve(Service.self, name: name)!)
            }
        }
        scenario.benchmark(
            .swiftDependencies,
            setup: {
                @Dependency(\.namedServices) var services
                _ = services
            }
        ) { benchmark in
            let name = wanted
            for _ in benchmark.scaledIterations {
                @Dependency(\.namedServices) var services
                blackHole(services[name]!)
            }
        }
    }

    static let handWritten: [String: Service] = Dictionary(uniqueKeysWithValues: names.map { ($0, Service()) })

    static let relay: DependencyContainer = {
        let container = DependencyContainer()
        for name in names {
            container.register(Service.self, name: name) { _ in Service() }
        }
        return container
    }()

    private static func resolveAll(_ container: DependencyContainer) throws {
        for name in names {
            _ = try container.resolve(Service.self, name: name)
        }
    }

    // Safety: used only from the thread that runs the benchmarks.
    nonisolated(unsafe) static let swinject: Container = {
        let container = Container()
        for name in names {
            container.register(Service.self, name: name) { _ in Service() }.inObjectScope(.container)
        }
        return container
    }()
}

private enum NamedServicesKey: Dependencies.DependencyKey {
    static var liveValue: [String: Service] {
        Dictionary(uniqueKeysWithValues: NamedResolveScenario.names.map { ($0, Service()) })
    }
}

extension DependencyValues {
    var namedServices: [String: Service] {
        get { self[NamedServicesKey.self] }
        set { self[NamedServicesKey.self] = newValue }
    }
}
