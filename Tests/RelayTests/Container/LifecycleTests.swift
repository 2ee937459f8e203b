import Relay
import RelayTestSupport
import Testing

@Suite("Eager start and release")
struct LifecycleTests {
    let container = DependencyContainer()

    @Test("start builds the eager singletons, and only once")
    func startBuildsEagerSingletonsOnly() throws {
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
        try container.startSynchronously()
        #expect(eager.value == 1)
        #expect(lazy.value == 0)
        _ = try container.resolve(EnglishGreeter.self)
        try container.startSynchronously()
        #expect(eager.value == 1)
    }

    @Test("start on a root builds the eager singletons of its scopes")
    func startOnARootBuildsTheEagerSingletonsOfItsScopes() throws {
        let eager = Counter()
        container.container(for: .checkout).register(Point.self, lifecycle: .eagerSingleton) { _ in
            eager.increment()
            return Point(x: 1)
        }
        try container.startSynchronously()
        #expect(eager.value == 1)
    }

    @Test("an eager singleton asked for before start is built then")
    func eagerSingletonIsBuiltOnFirstUseBeforeStart() throws {
        container.register(EnglishGreeter.self, lifecycle: .eagerSingleton) { _ in EnglishGreeter() }
        let first = try container.resolve(EnglishGreeter.self)
        #expect(first === (try container.resolve(EnglishGreeter.self)))
    }

    @Test("start reports every failure, not just the first")
    func startReportsEveryFailureNotJustTheFirst() throws {
        container.register(EnglishGreeter.self, lifecycle: .eagerSingleton) { _ in throw Unavailable() }
        container.register(Point.self, lifecycle: .eagerSingleton) { _ in Point(x: 1) }
        container.register(FrenchGreeter.self, lifecycle: .eagerSingleton) { container in
            _ = try container.resolve((any HTTPClient).self)
            return FrenchGreeter()
        }
        let error = try #require(throws: DependencyGraphError.self) { try container.startSynchronously() }
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

    @Test("releasing singletons drops the cached instances")
    func releaseSingletonsDropsCachedInstances() throws {
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

    @Test("releasing a root releases its scopes too")
    func releaseOnARootReleasesItsScopesToo() throws {
        container.container(for: .checkout).register(EnglishGreeter.self) { _ in EnglishGreeter() }
        let first = try container.container(for: .checkout).resolve(EnglishGreeter.self)
        container.releaseSingletons()
        #expect(first !== (try container.container(for: .checkout).resolve(EnglishGreeter.self)))
    }

    @Test("releasing a scope leaves its root alone")
    func releaseOnAScopeLeavesTheRootAlone() throws {
        container.register(EnglishGreeter.self) { _ in EnglishGreeter() }
        let first = try container.resolve(EnglishGreeter.self)
        container.container(for: .checkout).releaseSingletons()
        #expect(first === (try container.resolve(EnglishGreeter.self)))
    }

    @Test("a released instance may resolve in its deinit")
    func aReleasedInstanceMayResolveInItsDeinit() throws {
        container.register(Point.self) { _ in Point(x: 1) }
        container.register(ResolvesOnDeinit.self) { container in ResolvesOnDeinit(container: container) }
        _ = try container.resolve(ResolvesOnDeinit.self)
        // Would deadlock if the instance were released with the container's lock held.
        container.releaseSingletons()
        #expect(try container.resolve(Point.self).x == 1)
    }

    @Test("a replaced registration's cached instance may resolve when it is released")
    func aReplacedCachedInstanceMayResolveWhenReleased() throws {
        container.register(Point.self) { _ in Point(x: 1) }
        container.register(ResolvesOnDeinit.self) { container in ResolvesOnDeinit(container: container) }
        weak let replaced = try container.resolve(ResolvesOnDeinit.self)
        #expect(replaced != nil)
        // Replacing drops the only reference to the cached instance, whose deinit resolves: it
        // must run after the write lock is given back.
        let container = container
        let finished = concurrently(threads: 1) { _ in
            container.register(ResolvesOnDeinit.self) { container in ResolvesOnDeinit(container: container) }
        }
        #expect(finished, "re-registering deadlocked: the replaced instance was released under the lock")
        guard finished else { return }
        #expect(replaced == nil, "the replaced instance was not released")
        #expect(try container.resolve(Point.self).x == 1)
    }

    @Test("a replaced factory and what it captured live as long as the container; its instance does not")
    func aReplacedFactoryLivesAsLongAsTheContainer() throws {
        weak var weakCaptured: EnglishGreeter?
        weak var weakInstance: FrenchGreeter?
        var container: DependencyContainer? = DependencyContainer()
        do {
            let captured = EnglishGreeter()
            weakCaptured = captured
            container?.register(FrenchGreeter.self) { _ in withExtendedLifetime(captured) { FrenchGreeter() } }
            weakInstance = try container?.resolve(FrenchGreeter.self)
            #expect(weakInstance != nil)
        }
        container?.register(FrenchGreeter.self) { _ in FrenchGreeter() }
        // The cached instance goes with the replacement; the factory is kept, since a build that
        // found it before the replacement may still be running it.
        #expect(weakInstance == nil)
        #expect(weakCaptured != nil)
        #expect(try container?.resolve(FrenchGreeter.self) != nil)
        container = nil
        #expect(weakCaptured == nil)
    }

    @Test("a cached value holding references survives resolves and a release")
    func aCachedValueWithReferencesInsideSurvivesResolvesAndRelease() throws {
        let built = Counter()
        container.register(Catalogue.self) { _ in
            built.increment()
            return Catalogue(title: "Books \(built.value)", tags: ["fiction", "history"], owner: EnglishGreeter())
        }
        let first = try container.resolve(Catalogue.self)
        for _ in 0..<1_000 {
            let again = try container.resolve(Catalogue.self)
            #expect(again.title == "Books 1" && again.tags == ["fiction", "history"] && again.owner === first.owner)
        }
        container.releaseSingletons()
        let rebuilt = try container.resolve(Catalogue.self)
        #expect(rebuilt.title == "Books 2")
        #expect(rebuilt.owner !== first.owner)
        #expect(first.title == "Books 1")
    }
}

/// A value singleton holding references: its cached copy lives in raw storage, which must copy,
/// retain and destroy it correctly.
private struct Catalogue: Sendable {
    let title: String
    let tags: [String]
    let owner: EnglishGreeter
}

private final class ResolvesOnDeinit: Sendable {
    let container: DependencyContainer
    init(container: DependencyContainer) { self.container = container }
    deinit { _ = try? container.resolve(Point.self) }
}
