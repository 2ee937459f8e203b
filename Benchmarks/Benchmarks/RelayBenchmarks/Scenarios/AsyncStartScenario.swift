import Benchmark
import Relay

/// Scenario 12: starting ten independent eager singletons whose async factories each await
/// 50 ms (a connection that takes that long to open).
///
/// Target (issue 12): `start()` within 1.3x of the slowest factory, 50 ms, where building one
/// after another took ten times that. Hand-written code opens the ten in a task group.
enum AsyncStartScenario {
    static let scenario = Scenario(id: "S12", title: "start ten async eager singletons of 50 ms")

    static let singletons = 10
    static let opening: Duration = .milliseconds(50)

    static func register() {
        scenario.asyncBenchmark(.handWritten, operations: 1) { benchmark in
            for _ in benchmark.scaledIterations {
                let services = try await withThrowingTaskGroup(of: Service.self) { group in
                    for _ in 0..<singletons {
                        group.addTask { try await openService() }
                    }
                    return try await group.reduce(into: [Service]()) { $0.append($1) }
                }
                blackHole(services)
            }
        }
        scenario.asyncBenchmark(.relay, operations: 1) { benchmark in
            for _ in benchmark.scaledIterations {
                let container = DependencyContainer()
                for number in 0..<singletons {
                    container.register(Service.self, name: "\(number)", lifecycle: .eagerSingleton) { _ in
                        try await openService()
                    }
                }
                try await container.start()
                blackHole(container)
            }
        }
    }

    /// A service that takes ``opening`` to open.
    private static func openService() async throws -> Service {
        try await Task.sleep(for: opening)
        return Service()
    }
}
