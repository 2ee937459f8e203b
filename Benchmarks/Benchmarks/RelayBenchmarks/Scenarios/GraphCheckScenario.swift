import Benchmark
import Relay
import Synchronization

/// Scenario 17: the whole graph of a program checked before anything runs. A container of 1,000
/// singleton registrations of distinct types, each depending on up to three earlier ones chosen
/// at random (a fixed seed), declared with `dependsOn`.
///
/// S17a is `check()`, which reads the declarations and runs no factory (counted: a factory run
/// stops the benchmark); S17b is `validateSynchronously()` on the same graph, which builds every
/// registration for real, each factory resolving what it declared. Relay only: no peer checks a
/// graph without building it at run time. One operation is one whole check.
enum GraphCheckScenario {
    static let serviceCount = 1_000

    static func register() {
        let types = SlotTypes.first(serviceCount)
        let dependencies = randomDependencies(count: serviceCount)
        let factoryRuns = FactoryRuns()

        let checked = DependencyContainer()
        Scenario(id: "S17a", title: "check() 1,000 registrations", operationsPerSample: 1).benchmark(
            .relay,
            setup: {
                for (type, edges) in zip(types, dependencies) {
                    registerRelay(type, dependingOn: edges.map { types[$0] }, in: checked, runs: factoryRuns)
                }
            },
            teardown: {
                // The proof that check() runs nothing: no factory ran in any sample.
                precondition(factoryRuns.count == 0, "check() ran \(factoryRuns.count) factories")
            }
        ) { _ in
            blackHole(try checked.check())
        }

        let validated = DependencyContainer()
        Scenario(id: "S17b", title: "validate() 1,000 registrations", operationsPerSample: 1).benchmark(
            .relay,
            setup: {
                for (type, edges) in zip(types, dependencies) {
                    registerRelay(type, dependingOn: edges.map { types[$0] }, in: validated, runs: FactoryRuns())
                }
            }
        ) { _ in
            try validated.validateSynchronously()
        }
    }

    /// For each service, the earlier services it depends on: up to three, from a fixed seed.
    private static func randomDependencies(count: Int) -> [[Int]] {
        var state: UInt64 = 0x5EED_1234
        func next() -> UInt64 {
            // SplitMix64: a fixed, portable sequence.
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return mixed ^ (mixed >> 31)
        }
        return (0..<count).map { index in
            guard index > 0 else { return [] }
            let edges = Int(next() % 4)
            return Array(Set((0..<edges).map { _ in Int(next() % UInt64(index)) })).sorted()
        }
    }

    private static func registerRelay<S: SlotService>(
        _: S.Type,
        dependingOn dependencies: [any SlotService.Type],
        in container: DependencyContainer,
        runs: FactoryRuns
    ) {
        var registered = container.register(S.self) { container in
            runs.increment()
            for dependency in dependencies { _ = try container.resolve(dependency) }
            return S()
        }
        .dependsOn()
        for dependency in dependencies {
            registered = declare(dependency, on: registered)
        }
    }

    private static func declare<S, D: SlotService>(
        _ dependency: D.Type,
        on registered: RegisteredService<S>
    ) -> RegisteredService<S> {
        registered.dependsOn(D.self)
    }
}

/// Counts factory runs from any thread.
private final class FactoryRuns: Sendable {
    private let runs = Mutex(0)

    var count: Int { runs.withLock { $0 } }

    func increment() { runs.withLock { $0 += 1 } }
}
