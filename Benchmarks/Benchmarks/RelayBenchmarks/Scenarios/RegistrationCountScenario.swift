import Benchmark
import Dependencies
import Relay
import Swinject

/// Scenario 8: resolve one cached singleton from a container that also holds 10, 1,000 or 10,000
/// other singletons (distinct types, all built).
///
/// Target: flat, the cost at 10,000 about that at 10. The hand-written floor is a dictionary by
/// type of the same size; for swift-dependencies, the other services are keys whose values it
/// has cached.
enum RegistrationCountScenario {
    static let sizes: [(id: String, count: Int)] = [("S08a", 10), ("S08b", 1_000), ("S08c", 10_000)]

    static func register() {
        for (id, count) in sizes {
            let scenario = Scenario(id: id, title: "singleton among \(count.formatted) registrations")
            let others = SlotTypes.first(count)

            var registry: HandWrittenRegistry!
            scenario.benchmark(
                .handWritten,
                setup: {
                    let filled = HandWrittenRegistry()
                    for type in others { register(type, in: filled) }
                    filled.register(Service.self) { Service() }
                    for type in others { _ = filled.resolve(type) }
                    _ = filled.resolve(Service.self)
                    registry = filled
                }
            ) { benchmark in
                let registry = registry!
                for _ in benchmark.scaledIterations {
                    blackHole(registry.resolve(Service.self))
                }
            }

            let relay = DependencyContainer()
            scenario.benchmark(
                .relay,
                setup: {
                    for type in others { register(type, in: relay) }
                    relay.register(Service.self) { _ in Service() }
                    for type in others { _ = try relay.resolve(type) }
                    _ = try relay.resolve(Service.self)
                }
            ) { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(try relay.resolve(Service.self))
                }
            }

            let swinject = Container()
            scenario.benchmark(
                .swinject,
                setup: {
                    for type in others { register(type, in: swinject) }
                    swinject.register(Service.self) { _ in Service() }.inObjectScope(.container)
                    for type in others { _ = swinject.resolve(type)! }
                    _ = swinject.resolve(Service.self)!
                }
            ) { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(swinject.resolve(Service.self)!)
                }
            }

            scenario.benchmark(
                .swiftDependencies,
                setup: {
                    for type in others { _ = resolveDependency(type) }
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

    private static func register<S: SlotService>(_: S.Type, in registry: HandWrittenRegistry) {
        registry.register(S.self) { S() }
    }

    private static func register<S: SlotService>(_: S.Type, in container: DependencyContainer) {
        container.register(S.self) { _ in S() }
    }

    private static func register<S: SlotService>(_: S.Type, in container: Container) {
        container.register(S.self) { _ in S() }.inObjectScope(.container)
    }

    private static func resolveDependency<S: SlotService>(_: S.Type) -> S {
        @Dependency(SlotKey<S>.self) var service
        return service
    }
}

extension Int {
    /// `10,000`: the count as the issue writes it.
    fileprivate var formatted: String {
        let digits = String(self)
        var result = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }
}
