import Relay
import RelayTestSupport
import Testing

@Suite("@Injected first reads")
struct InjectedFirstReadTests {
    final class Session: Sendable {}

    struct Handler: Sendable {
        @Injected var session: Session

        init(container: DependencyContainer) {
            _session = Injected(container: container)
        }
    }

    @Test("concurrent first reads of a property resolve once, even for a transient registration")
    func concurrentFirstReadsResolveOnce() throws {
        for _ in 0..<100 {
            let container = DependencyContainer()
            let built = Counter()
            container.register(Session.self, lifecycle: .transient) { _ in
                built.increment()
                return Session()
            }
            let handler = Handler(container: container)
            let seen = Locked<Set<ObjectIdentifier>>([])
            let finished = concurrently(threads: 8) { _ in
                let session = handler.session
                seen.withLock { _ = $0.insert(ObjectIdentifier(session)) }
            }
            #expect(finished)
            #expect(built.value == 1)
            #expect(seen.withLock { $0.count } == 1)
        }
    }

    @Test("reads from many threads after the first see the instance it resolved")
    func readsFromManyThreadsAfterTheFirstSeeItsInstance() throws {
        let container = DependencyContainer()
        container.register(Session.self, lifecycle: .transient) { _ in Session() }
        let handler = Handler(container: container)
        let first = handler.session
        #expect(concurrently(threads: 4) { _ in precondition(handler.session === first) })
    }

    @Test("the async resolve awaits an async factory once for every concurrent first reader")
    func asyncFirstReadsResolveOnce() async throws {
        try await withDeadline {
            let container = DependencyContainer()
            let built = Counter()
            container.register(Session.self, lifecycle: .transient) { _ in
                built.increment()
                await Task.yield()
                return Session()
            }
            let handler = Handler(container: container)
            let identities = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
                for _ in 0..<100 {
                    group.addTask { try await ObjectIdentifier(handler.$session.resolve()) }
                }
                var identities: Set<ObjectIdentifier> = []
                for try await identity in group { identities.insert(identity) }
                return identities
            }
            #expect(identities.count == 1)
            #expect(built.value == 1)
            // Once resolved, a synchronous read finds it too.
            #expect(identities.first == ObjectIdentifier(handler.session))
        }
    }
}
