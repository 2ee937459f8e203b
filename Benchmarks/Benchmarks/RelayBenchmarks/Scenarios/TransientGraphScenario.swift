import Benchmark
import Dependencies
import Relay
import Swinject

/// Scenario 2: resolve a transient whose factory builds `A(B(D), C)`, every part transient.
///
/// Target: Relay within 2x of hand-written nested constructor calls, with no allocation beyond
/// the four objects built.
enum TransientGraphScenario {
    static let scenario = Scenario(id: "S02", title: "transient graph A(B(D), C)")

    static func register() {
        scenario.benchmark(.handWritten) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(makeA())
            }
        }
        scenario.benchmark(.relay, setup: { _ = relay }) { benchmark in
            let container = relay
            for _ in benchmark.scaledIterations {
                blackHole(try container.resolve(GraphA.self))
            }
        }
        scenario.benchmark(.relayAutowired, setup: { _ = autowired }) { benchmark in
            let container = autowired
            for _ in benchmark.scaledIterations {
                blackHole(try container.resolve(GraphA.self))
            }
        }
        scenario.benchmark(.swinject, setup: { _ = swinject }) { benchmark in
            let container = swinject
            for _ in benchmark.scaledIterations {
                blackHole(container.resolve(GraphA.self)!)
            }
        }
        scenario.benchmark(
            .swiftDependencies,
            setup: {
                @Dependency(\.transientA) var makeA
                _ = makeA
            }
        ) { benchmark in
            for _ in benchmark.scaledIterations {
                @Dependency(\.transientA) var makeA
                blackHole(makeA.make())
            }
        }
    }

    /// The hand-written factory: nested constructor calls, kept out of line as a factory would be.
    @inline(never)
    static func makeA() -> GraphA {
        GraphA(b: GraphB(d: GraphD()), c: GraphC())
    }

    static let relay: DependencyContainer = {
        let container = DependencyContainer()
        container.register(GraphA.self, lifecycle: .transient) { container in
            try GraphA(b: container.resolve(GraphB.self), c: container.resolve(GraphC.self))
        }
        container.register(GraphB.self, lifecycle: .transient) { container in
            try GraphB(d: container.resolve(GraphD.self))
        }
        container.register(GraphC.self, lifecycle: .transient) { _ in GraphC() }
        container.register(GraphD.self, lifecycle: .transient) { _ in GraphD() }
        return container
    }()

    static let autowired: DependencyContainer = {
        let container = DependencyContainer()
        container.register(GraphA.self, lifecycle: .transient, initializer: GraphA.init)
        container.register(GraphB.self, lifecycle: .transient, initializer: GraphB.init)
        container.register(GraphC.self, lifecycle: .transient, initializer: GraphC.init)
        container.register(GraphD.self, lifecycle: .transient, initializer: GraphD.init)
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
        }.inObjectScope(.transient)
        container.register(GraphC.self) { _ in GraphC() }.inObjectScope(.transient)
        container.register(GraphD.self) { _ in GraphD() }.inObjectScope(.transient)
        return container
    }()
}

// swift-dependencies caches every key's value, so a transient is a dependency whose value is a
// factory, the "client of closures" style its documentation recommends.

private enum TransientAKey: Dependencies.DependencyKey {
    static var liveValue: Factory<GraphA> {
        Factory {
            @Dependency(\.transientB) var makeB
            @Dependency(\.transientC) var makeC
            return GraphA(b: makeB.make(), c: makeC.make())
        }
    }
}

private enum TransientBKey: Dependencies.DependencyKey {
    static var liveValue: Factory<GraphB> {
        Factory {
            @Dependency(\.transientD) var makeD
            return GraphB(d: makeD.make())
        }
    }
}

private enum TransientCKey: Dependencies.DependencyKey {
    static var liveValue: Factory<GraphC> { Factory { GraphC() } }
}

private enum TransientDKey: Dependencies.DependencyKey {
    static var liveValue: Factory<GraphD> { Factory { GraphD() } }
}

extension DependencyValues {
    var transientA: Factory<GraphA> {
        get { self[TransientAKey.self] }
        set { self[TransientAKey.self] = newValue }
    }
    var transientB: Factory<GraphB> {
        get { self[TransientBKey.self] }
        set { self[TransientBKey.self] = newValue }
    }
    var transientC: Factory<GraphC> {
        get { self[TransientCKey.self] }
        set { self[TransientCKey.self] = newValue }
    }
    var transientD: Factory<GraphD> {
        get { self[TransientDKey.self] }
        set { self[TransientDKey.self] = newValue }
    }
}
