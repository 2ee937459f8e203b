import Benchmark
import HandWrittenAsync
import Relay

/// Scenarios 13 and 14: an async resolve of a built singleton, from code isolated to an actor
/// (S13) and from a plain task (S14), beside the hand-written floor: a `nonisolated(nonsending)`
/// async getter in a module of its own, which runs on the caller's executor.
///
/// Target (issue 21): Relay within 1.5x of that getter from both. Before Relay's async entry
/// points ran on the caller's executor, every call from an actor hopped off it and back (about
/// 6.5 µs, 260x the getter). Swinject and swift-dependencies have no async resolution.
enum AsyncCallerScenario {
    static let fromActor = Scenario(id: "S13", title: "async cached singleton from an actor")
    static let fromTask = Scenario(id: "S14", title: "async cached singleton from a task")

    static func register() {
        let holder = AsyncServiceHolder(Service())
        let caller = ResolvingActor()
        fromActor.asyncBenchmark(.handWritten) { benchmark in
            await caller.get(from: holder, times: benchmark.scaledIterations.count)
        }
        fromActor.asyncBenchmark(.relay, setup: { _ = try await AsyncFixtures.relay.resolve(Service.self) }) {
            benchmark in
            try await caller.resolve(from: AsyncFixtures.relay, times: benchmark.scaledIterations.count)
        }
        fromTask.asyncBenchmark(.handWritten) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try await holder.get())
            }
        }
        fromTask.asyncBenchmark(.relay, setup: { _ = try await AsyncFixtures.relay.resolve(Service.self) }) {
            benchmark in
            let container = AsyncFixtures.relay
            for _ in benchmark.scaledIterations {
                blackHole(try await container.resolve(Service.self))
            }
        }
    }
}

/// Code isolated to an actor that awaits a service in a loop: each call either stays on the actor
/// (`nonisolated(nonsending)`) or hops off it and back.
actor ResolvingActor {
    func get(from holder: AsyncServiceHolder<Service>, times: Int) async {
        for _ in 0..<times {
            blackHole(try? await holder.get())
        }
    }

    func resolve(from container: DependencyContainer, times: Int) async throws {
        for _ in 0..<times {
            blackHole(try await container.resolve(Service.self))
        }
    }
}
