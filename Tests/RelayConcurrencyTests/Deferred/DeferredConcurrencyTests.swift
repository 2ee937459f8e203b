import Relay
import RelayTestSupport
import Testing

@Suite("Lazy and .graph from many threads")
struct DeferredConcurrencyTests {
    final class Session: Sendable {}

    struct Pair: Sendable {
        let first: Session
        let second: Session
    }

    @Test("concurrent first calls of one Lazy resolve once, even for a transient registration")
    func concurrentFirstCallsResolveOnce() throws {
        for _ in 0..<100 {
            let container = DependencyContainer()
            let built = Counter()
            container.register(Session.self, lifecycle: .transient) { _ in
                built.increment()
                return Session()
            }
            let lazy = try container.resolve(Lazy<Session>.self)
            let seen = Locked<Set<ObjectIdentifier>>([])
            let finished = concurrently(threads: 8) { _ in
                guard let session = try? lazy() else { return }
                seen.withLock { _ = $0.insert(ObjectIdentifier(session)) }
            }
            #expect(finished)
            #expect(built.value == 1)
            #expect(seen.withLock { $0.count } == 1)
        }
    }

    @Test("concurrent async first calls of one Lazy await one resolution")
    func concurrentAsyncFirstCallsResolveOnce() async throws {
        try await withDeadline {
            let container = DependencyContainer()
            let built = Counter()
            container.register(Session.self, lifecycle: .transient) { _ async in
                built.increment()
                await Task.yield()
                return Session()
            }
            let lazy = try await container.resolve(Lazy<Session>.self)
            let identities = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
                for _ in 0..<200 {
                    group.addTask { try await ObjectIdentifier(lazy()) }
                }
                return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
            }
            #expect(identities.count == 1)
            #expect(built.value == 1)
        }
    }

    @Test("resolutions on many threads each share their own .graph instance, never another's")
    func graphInstancesStayWithTheirResolution() throws {
        let container = DependencyContainer()
        container.register(Session.self, lifecycle: .graph) { _ in Session() }
        container.register(Pair.self, lifecycle: .transient) { container in
            try Pair(first: container.resolve(Session.self), second: container.resolve(Session.self))
        }
        let shared = Counter()
        let split = Counter()
        let finished = concurrently(threads: 8) { _ in
            for _ in 0..<200 {
                guard let pair = try? container.resolve(Pair.self) else { return }
                if pair.first === pair.second { shared.increment() } else { split.increment() }
            }
        }
        #expect(finished)
        #expect(shared.value == 1_600)
        #expect(split.value == 0)
    }
}
