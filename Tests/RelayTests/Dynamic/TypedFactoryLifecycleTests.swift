import Relay
import RelayTestSupport
import Testing

/// Stubs that hold a resource: one closed at shutdown, one built by awaiting.
private struct ClosingStubs: TypedDependencyFactoryIndexable {
    let closed: Locked<[String]>

    var index: [DependencyFactoryKey: TypedDependencyFactory] {
        let closed = self.closed
        return [
            "closingStore": TypedDependencyFactory((any BookStore).self) { _ in
                InMemoryBookStore()
            } teardown: { store in
                closed.withLock { $0.append("closed: \(store.name)") }
            },
            "awaitedClock": TypedDependencyFactory((any Clock).self) { _ in
                await Task.yield()
                return FixedClock()
            },
        ]
    }
}

@Suite("Typed factories with a teardown or an async build")
struct TypedFactoryLifecycleTests {
    @Test("an injected stub's teardown runs at shutdown")
    func injectedTeardownRuns() async throws {
        let program = try DynamicProgram()
        let closed = Locked<[String]>([])
        try program.index.add(ClosingStubs(closed: closed))
        try program.parser().parse(arguments: ["app", "-d", "type=bookStore,factory=closingStore"])

        #expect(try await program.container.resolve((any BookStore).self).name == "memory")
        try await program.container.shutdown()
        #expect(closed.withLock { $0 } == ["closed: memory"])
    }

    @Test("an async typed factory resolves with await; a sync resolve before it is built throws, naming it")
    func asyncTypedFactory() async throws {
        let program = try DynamicProgram()
        try program.index.add(ClosingStubs(closed: Locked([])))
        try program.parser().parse(arguments: ["app", "-d", "type=clock,factory=awaitedClock"])

        let error = try #require(throws: DependencyResolutionError.self) {
            try { try program.container.resolve((any Clock).self) }()
        }
        #expect(error.code == .asyncFactory)
        #expect(try await program.container.resolve((any Clock).self).now == 0)
    }
}
