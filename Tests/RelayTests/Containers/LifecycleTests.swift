import Relay
import Testing

@Suite("Eager start and release")
struct LifecycleTests {
    let container = DependencyContainer()

    @Test func startBuildsEagerSingletonsOnly() throws {
        let eager = Counter()
        let lazy = Counter()
        container.register(EnglishGreeter.self, lifecycle: .eagerSingleton) { _ in
            eager.increment()
            return EnglishGreeter()
        }
        container.register(FrenchGreeter.self) { _ in
            lazy.increment()
            return FrenchGreeter()
        }
        try container.start()
        #expect(eager.value == 1)
        #expect(lazy.value == 0)
        _ = try container.resolve(EnglishGreeter.self)
        try container.start()
        #expect(eager.value == 1)
    }

    @Test func startOnARootBuildsTheEagerSingletonsOfItsScopes() throws {
        let eager = Counter()
        container.container(for: .checkout).register(Point.self, lifecycle: .eagerSingleton) { _ in
            eager.increment()
            return Point(x: 1)
        }
        try container.start()
        #expect(eager.value == 1)
    }

    @Test func eagerSingletonIsBuiltOnFirstUseBeforeStart() throws {
        container.register(EnglishGreeter.self, lifecycle: .eagerSingleton) { _ in EnglishGreeter() }
        let first = try container.resolve(EnglishGreeter.self)
        #expect(first === (try container.resolve(EnglishGreeter.self)))
    }

    @Test func startReportsEveryFailureNotJustTheFirst() throws {
        container.register(EnglishGreeter.self, lifecycle: .eagerSingleton) { _ in throw Unavailable() }
        container.register(Point.self, lifecycle: .eagerSingleton) { _ in Point(x: 1) }
        container.register(FrenchGreeter.self, lifecycle: .eagerSingleton) { container in
            _ = try container.resolve((any HTTPClient).self)
            return FrenchGreeter()
        }
        let error = try #require(throws: DependencyGraphError.self) { try container.start() }
        #expect(error.code == .startFailed)
        #expect(error.failures.map(\.code) == [.factoryFailed, .notRegistered])
        #expect(error.failures.map(\.requestedType) == ["EnglishGreeter", "HTTPClient"])
        #expect(
            error.description == """
                Starting the container failed: 2 eager singletons could not be built.
                - The factory for 'EnglishGreeter' in global threw: the database is unavailable
                    resolution path: EnglishGreeter
                - 'HTTPClient' is not registered in global.
                    resolution path: FrenchGreeter -> HTTPClient
                    to fix: register it, e.g. container.register(HTTPClient.self) { _ in ... }, \
                or inject it with --dependency type=<type key>,factory=<factory key>
                """)
        // The one that succeeded is built and kept.
        #expect(try container.resolve(Point.self) == Point(x: 1))
    }

    @Test func releaseSingletonsDropsCachedInstances() throws {
        let built = Counter()
        container.register(EnglishGreeter.self) { _ in
            built.increment()
            return EnglishGreeter()
        }
        weak var weakFirst: EnglishGreeter?
        do {
            let first = try container.resolve(EnglishGreeter.self)
            weakFirst = first
        }
        #expect(weakFirst != nil)
        container.releaseSingletons()
        #expect(weakFirst == nil)
        _ = try container.resolve(EnglishGreeter.self)
        #expect(built.value == 2)
    }

    @Test func releaseOnARootReleasesItsScopesToo() throws {
        container.container(for: .checkout).register(EnglishGreeter.self) { _ in EnglishGreeter() }
        let first = try container.container(for: .checkout).resolve(EnglishGreeter.self)
        container.releaseSingletons()
        #expect(first !== (try container.container(for: .checkout).resolve(EnglishGreeter.self)))
    }

    @Test func releaseOnAScopeLeavesTheRootAlone() throws {
        container.register(EnglishGreeter.self) { _ in EnglishGreeter() }
        let first = try container.resolve(EnglishGreeter.self)
        container.container(for: .checkout).releaseSingletons()
        #expect(first === (try container.resolve(EnglishGreeter.self)))
    }

    @Test func aReleasedInstanceMayResolveInItsDeinit() throws {
        container.register(Point.self) { _ in Point(x: 1) }
        container.register(ResolvesOnDeinit.self) { container in ResolvesOnDeinit(container: container) }
        _ = try container.resolve(ResolvesOnDeinit.self)
        // Would deadlock if the instance were released with the container's lock held.
        container.releaseSingletons()
        #expect(try container.resolve(Point.self).x == 1)
    }
}

private final class ResolvesOnDeinit: Sendable {
    let container: DependencyContainer
    init(container: DependencyContainer) { self.container = container }
    deinit { _ = try? container.resolve(Point.self) }
}
