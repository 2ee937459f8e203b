import Benchmark
import Dependencies
import Relay
import Swinject

/// Scenario 3: resolve a transient `A(B(D), C)` whose parts B, C and D are singletons.
///
/// Target: Relay within 2x of hand-written code, with no allocation beyond the one `A` built.
enum MixedGraphScenario {
    static let scenario = Scenario(id: "S03", title: "transient A of singletons B(D), C")

    static func register() {
        scenario.benchmark(.handWritten) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(makeA())
            }
        }
        scenario.benchmark(.relay, setup: { _ = try relay.resolve(GraphA.self) }) { benchmark in
            let container = relay
            for _ in benchmark.scaledIterations {
                blackHole(try container.resolve(GraphA.self))
            }
        }
        scenario.benchmark(.relayAutowired, setup: { _ = try autowired.resolve(GraphA.self) }) { benchmark in
            let container = autowired
            for _ in benchmark.scaledIterations {
                blackHole(try container.resolve(GraphA.self))
            }
        }
        scenario.benchmark(.swinject, setup: { _ = swinject.resolve(GraphA.self)! }) { benchmark in
            let container = swinject
            for _ in benchmark.scaledIterations {
                blackHole(container.resolve(GraphA.self)!)
            }
        }
        scenario.benchmark(
            .swiftDependencies,
            setup: {
                @Dependency(\.mixedA) var makeA
                _ = makeA.make()
            }
        ) { benchmark in
            for _ in benchmark.scaledIterations {
                @Dependency(\.mixedA) var makeA
                blackHole(makeA.make())
            }
        }
    }

    /// The hand-written singletons and factory.
    static let b = GraphB(d: d)
    static let c = GraphC()
    static let d = GraphD()

    @inline(never)
    static func makeA() -> GraphA {
        GraphA(b: b, c: c)
    }

    static let relay: DependencyContainer = {
        let container = DependencyContainer()
        container.register(GraphA.self, lifecycle: .transient) { container in
            try GraphA(b: container.resolve(GraphB.self), c: container.resolve(GraphC.self))
        }
        container.register(GraphB.self) { container in try GraphB(d: container.resolve(GraphD.self)) }
        container.register(GraphC.self) { _ in GraphC() }
        container.register(GraphD.self) { _ in GraphD() }
        return container
    }()

    static let autowired: DependencyContainer = {
        let container = DependencyContainer()
        container.register(GraphA.self, lifecycle: .transient, initializer: GraphA.init)
        container.register(GraphB.self, initializer: GraphB.init)
        container.register(GraphC.self, initializer: GraphC.init)
        container.register(GraphD.self, initializer: GraphD.init)
        return container
    }()

    // Safety: used only from the thread that runs the benchmarks.
    nonisolated(unsafe) static let swinject: Container = {
        let container = Container()
        container.register(GraphA.self) { resolver in
            GraphA(b: resolver.resolve(GraphB.self)!, c: resolver.resolve(GraphC.self)!)
        }.inObjectScope(.transient)
        container.register(GraphB.self) { resolver in
            GraphB(d: resolver.resolve(GraphD.self)!)
        }.inObjectScope(.container)
        container.register(GraphC.self) { _ in GraphC() }.inObjectScope(.container)
        container.register(GraphD.self) { _ in GraphD() }.inObjectScope(.container)
        return container
    }()
}

private enum MixedAKey: Dependencies.DependencyKey {
    static var liveValue: Factory<GraphA> {
        Factory {
            @Dependency(\.mixedB) var b
            @Dependency(\.mixedC) var c
            return GraphA(b: b, c: c)
        }
    }
}

private enum MixedBKey: Dependencies.DependencyKey {
    static var liveValue: GraphB {
        @Dependency(\.mixedD) var d
        return GraphB(d: d)
    }
}

private enum MixedCKey: Dependencies.DependencyKey {
    static var liveValue: GraphC { GraphC() }
}

private enum MixedDKey: Dependencies.DependencyKey {
    static var liveValue: GraphD { GraphD() }
}

extension DependencyValues {
    var mixedA: Factory<GraphA> {
        get { self[MixedAKey.self] }
        set { self[MixedAKey.self] = newValue }
    }
    var mixedB: GraphB {
        get { self[MixedBKey.self] }
        set { self[MixedBKey.self] = newValue }
    }
    var mixedC: GraphC {
        get { self[MixedCKey.self] }
        set { self[MixedCKey.self] = newValue }
    }
    var mixedD: GraphD {
        get { self[MixedDKey.self] }
        set { self[MixedDKey.self] = newValue }
    }
}
