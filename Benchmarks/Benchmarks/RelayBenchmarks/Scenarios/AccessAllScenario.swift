import Benchmark
import Dependencies
import Relay
import Swinject

/// Scenario 7: a random graph of 150 singletons (generated at build time by
/// `Tools/GraphGenerator` through the `GraphPlugin` build-tool plugin), every node
/// built once in setup; an operation reads all 150 nodes.
///
/// This is the "access all" benchmark of published DI comparisons, where hand-written code (one
/// `static let` per node) is the floor. Target: Relay within 2x of hand-written.
enum AccessAllScenario {
    static let scenario = Scenario(id: "S07", title: "access all 150 graph singletons")

    static func register() {
        scenario.benchmark(.handWritten, setup: { HandWrittenGraph.accessAll() }) { benchmark in
            for _ in benchmark.scaledIterations {
                HandWrittenGraph.accessAll()
            }
        }
        scenario.benchmark(.handWrittenOwned, setup: { HandWrittenGraph.accessAllOwned() }) { benchmark in
            for _ in benchmark.scaledIterations {
                HandWrittenGraph.accessAllOwned()
            }
        }
        scenario.benchmark(.relay, setup: { try RelayGraph.accessAll(relay) }) { benchmark in
            let container = relay
            for _ in benchmark.scaledIterations {
                try RelayGraph.accessAll(container)
            }
        }
        scenario.benchmark(.swinject, setup: { SwinjectGraph.accessAll(swinject) }) { benchmark in
            let container = swinject
            for _ in benchmark.scaledIterations {
                SwinjectGraph.accessAll(container)
            }
        }
        scenario.benchmark(.swiftDependencies, setup: { DependenciesGraph.accessAll() }) { benchmark in
            for _ in benchmark.scaledIterations {
                DependenciesGraph.accessAll()
            }
        }
    }

    static let relay: DependencyContainer = {
        let container = DependencyContainer()
        RelayGraph.register(in: container)
        return container
    }()

    // Safety: used only from the thread that runs the benchmarks.
    nonisolated(unsafe) static let swinject: Container = {
        let container = Container()
        SwinjectGraph.register(in: container)
        return container
    }()
}
