import Benchmark
import Relay

/// Scenario 11: a thousand tasks racing for one async singleton that none has built yet.
///
/// One sample makes a new singleton (a new container for Relay, a new task for hand-written
/// code) and starts 1,000 child tasks that each ask for it; one of them builds it, the others
/// suspend until it is built. One operation is one task's request, so the cost includes starting
/// the task. Hand-written code shares one `Task` whose value every child awaits.
enum AsyncRaceScenario {
    static let scenario = Scenario(id: "S11", title: "1,000 tasks racing for one async singleton")

    static let tasks = 1_000

    static func register() {
        scenario.asyncBenchmark(.handWritten, operations: tasks) { benchmark in
            for _ in 0..<benchmark.scaledIterations.count / tasks {
                let service = Task { await builtByAwaiting() }
                await withTaskGroup(of: Service.self) { group in
                    for _ in 0..<tasks {
                        group.addTask { await service.value }
                    }
                    for await built in group {
                        blackHole(built)
                    }
                }
            }
        }
        scenario.asyncBenchmark(.relay, operations: tasks) { benchmark in
            for _ in 0..<benchmark.scaledIterations.count / tasks {
                let container = DependencyContainer()
                container.register(Service.self) { _ in await builtByAwaiting() }
                try await withThrowingTaskGroup(of: Service.self) { group in
                    for _ in 0..<tasks {
                        group.addTask { try await container.resolve(Service.self) }
                    }
                    for try await built in group {
                        blackHole(built)
                    }
                }
            }
        }
    }
}
