import Benchmark
import Relay

/// Scenario 10: an async resolve of a singleton that an async factory has already built.
///
/// Target (issue 12): Relay's async resolve within 1.5x of its synchronous resolve of a cached
/// singleton (scenario 1). The hand-written floor is what a program without a container writes
/// for a service built by awaiting: a `static let` task, whose value every caller awaits.
/// Swinject and swift-dependencies have no async resolution.
enum AsyncCachedScenario {
    static let scenario = Scenario(id: "S10", title: "async cached singleton")

    static func register() {
        scenario.asyncBenchmark(.handWritten, setup: { _ = await HandWrittenAsyncSingleton.service.value }) {
            benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(await HandWrittenAsyncSingleton.service.value)
            }
        }
        scenario.asyncBenchmark(.relay, setup: { _ = try await AsyncFixtures.relay.resolve(Service.self) }) {
            benchmark in
            let container = AsyncFixtures.relay
            for _ in benchmark.scaledIterations {
                blackHole(try await container.resolve(Service.self))
            }
        }
    }
}

/// A singleton built by awaiting, without a container: the task that builds it, started once.
enum HandWrittenAsyncSingleton {
    static let service = Task { await builtByAwaiting() }
}

/// Builds a service the way an async factory does: after a suspension.
func builtByAwaiting() async -> Service {
    await Task.yield()
    return Service()
}

/// One singleton registered with an async factory.
enum AsyncFixtures {
    static let relay: DependencyContainer = {
        let container = DependencyContainer()
        container.register(Service.self) { _ in await builtByAwaiting() }
        return container
    }()
}
