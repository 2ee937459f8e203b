import Relay
import RelayTestSupport
import Testing

/// Counts its instances, to tell when a factory ran.
final class Expensive: Sendable {
    let serial: Int
    init(serial: Int) { self.serial = serial }
}

/// Holds a lazy reference back to what builds it: a cycle broken by deferral.
final class Parent: Sendable {
    let child: Child
    init(child: Child) { self.child = child }
}

final class Child: Sendable {
    let parent: Lazy<Parent>
    init(parent: Lazy<Parent>) { self.parent = parent }
}

@Suite("Lazy and Provider")
struct LazyAndProviderTests {
    let root = DependencyContainer()
    let builds = Counter()

    func registerExpensive(lifecycle: LifecycleType) {
        let builds = self.builds
        root.register(Expensive.self, lifecycle: lifecycle) { _ in
            builds.increment()
            return Expensive(serial: builds.value)
        }
    }

    @Test("a Lazy builds nothing until called, then keeps what it resolved")
    func lazyResolvesOnFirstUseThenKeeps() throws {
        registerExpensive(lifecycle: .transient)
        let lazy = try root.resolve(Lazy<Expensive>.self)
        #expect(builds.value == 0)
        let first = try lazy()
        let copy = lazy
        #expect(try copy() === first)
        #expect(try lazy() === first)
        #expect(builds.value == 1)
    }

    @Test("a Provider resolves on every call, so the lifecycle decides")
    func providerResolvesOnEveryCall() throws {
        registerExpensive(lifecycle: .transient)
        let provider = try root.resolve(Provider<Expensive>.self)
        #expect(builds.value == 0)
        #expect(try provider() !== (try provider()))
        #expect(builds.value == 2)
        root.register(Point.self) { _ in Point(x: 7) }
        let points = try root.resolve(Provider<Point>.self)
        #expect(try points().x == 7)
    }

    @Test("a Lazy of an unregistered type fails where it is asked for, naming the type")
    func lazyOfAnUnregisteredTypeFailsEarly() throws {
        root.register(Child.self) { container in try Child(parent: container.resolve(Lazy<Parent>.self)) }
        let error = try #require(throws: DependencyResolutionError.self) { try root.resolve(Child.self) }
        #expect(error.code == .notRegistered)
        #expect(
            error.description == """
                'Parent' is not registered in global.
                  resolution path: Child -> Parent
                  to fix: register it, e.g. container.register(Parent.self) { _ in ... }, \
                or inject it with --dependency type=<type key>,factory=<factory key>
                """)
    }

    @Test("a Lazy breaks a construction cycle: the child reaches the parent that holds it")
    func lazyBreaksACycle() throws {
        root.register(Parent.self) { container in try Parent(child: container.resolve(Child.self)) }
        root.register(Child.self) { container in try Child(parent: container.resolve(Lazy<Parent>.self)) }
        try root.validateSynchronously()
        // The graph shows the deferred dependency as an edge too.
        let graph = root.dependencyGraphSynchronously()
        #expect(graph.edges.contains(.init(from: "global/Parent", to: "global/Child")))
        #expect(graph.edges.contains(.init(from: "global/Child", to: "global/Parent")))
        let parent = try root.resolve(Parent.self)
        #expect(try parent.child.parent() === parent)
    }

    @Test("a Lazy that resolves itself while building reports the cycle")
    func lazyCycleWhileBuildingIsReported() throws {
        root.register(Parent.self) { container in
            let child = try Child(parent: container.resolve(Lazy<Parent>.self))
            _ = try child.parent()
            return Parent(child: child)
        }
        let error = try #require(throws: DependencyResolutionError.self) { try root.resolve(Parent.self) }
        #expect(error.code == .cycle)
        #expect(error.path == ["Parent", "Parent"])
    }

    @Test("a failed first call is not kept: the next call tries again")
    func aFailedFirstCallIsNotKept() throws {
        let lazy = try DependencyContainer.withRegistered(root, Expensive.self, failing: true)
        #expect(throws: DependencyResolutionError.self) { try lazy() }
        root.register(Expensive.self) { _ in Expensive(serial: 1) }
        #expect(try lazy().serial == 1)
    }

    @Test("a Lazy made under an override resolves through it, even when called after")
    func lazyKeepsItsOverride() async throws {
        root.register(Point.self) { _ in Point(x: 1) }
        let lazy = try await root.withOverrides { overrides in
            overrides.register(Point.self) { _ in Point(x: 2) }
        } operation: {
            try await root.resolve(Lazy<Point>.self)
        }
        #expect(try await lazy().x == 2)
        #expect(try await root.resolve(Point.self).x == 1)
    }

    @Test("a scope's Lazy falls back to the root, and names resolve")
    func scopesAndNames() throws {
        root.register((any Greeter).self, name: "french") { _ in FrenchGreeter() }
        let lazy = try root.container(for: .checkout).resolve(Lazy<any Greeter>.self, name: "french")
        #expect(try lazy().greeting == "bonjour")
        let provider = try root.resolve(Provider<any Greeter>.self, name: "french")
        #expect(try provider().greeting == "bonjour")
    }

    @Test("async calls await an async factory")
    func asyncCallsAwaitAnAsyncFactory() async throws {
        root.register(Point.self) { _ async in Point(x: 3) }
        let lazy = try await root.resolve(Lazy<Point>.self)
        let provider = try await root.resolve(Provider<Point>.self)
        #expect(try await lazy().x == 3)
        #expect(try await provider().x == 3)
    }

    @Test("a Lazy used after its container is gone throws, and does not keep it alive")
    func aLazyDoesNotKeepItsContainer() throws {
        var container: DependencyContainer? = DependencyContainer()
        weak let weakContainer = container
        container?.register(Point.self) { _ in Point(x: 1) }
        let lazy = try #require(try container?.resolve(Lazy<Point>.self))
        container = nil
        #expect(weakContainer == nil)
        let error = try #require(throws: DependencyResolutionError.self) { try lazy() }
        #expect(error.code == .containerReleased)
        #expect(
            error.description == """
                'Point' cannot be resolved: the container in global that made this Lazy or Provider was released.
                  resolution path: Point
                  to fix: keep the container alive while its Lazy and Provider values are in use; they do not \
                keep it alive themselves, so that an instance holding one does not keep its container forever
                """)
    }

    @Test("an Optional Lazy is nil where the type is not registered")
    func optionalLazy() throws {
        #expect(try root.resolve(Lazy<Point>?.self) == nil)
        root.register(Point.self) { _ in Point(x: 4) }
        #expect(try root.resolve(Lazy<Point>?.self)?().x == 4)
    }
}

extension DependencyContainer {
    /// A `Lazy` of `type` from `root`, whose registration fails until it is replaced.
    fileprivate static func withRegistered(
        _ root: DependencyContainer,
        _ type: Expensive.Type,
        failing: Bool
    ) throws -> Lazy<Expensive> {
        root.register(type) { _ in throw Unavailable() }
        return try root.resolve(Lazy<Expensive>.self)
    }
}
