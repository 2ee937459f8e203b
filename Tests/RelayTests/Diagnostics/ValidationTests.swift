import Relay
import RelayTestSupport
import Testing

@Suite("Validation and the dependency graph")
struct ValidationTests {
    /// A checkout graph with one missing dependency, one cycle and one failing factory.
    static func brokenRoot() -> DependencyContainer {
        let root = DependencyContainer()
        root.register((any PaymentGateway).self) { container in
            try StripeGateway(client: container.resolve((any HTTPClient).self))
        }
        root.register((any OrderService).self, lifecycle: .transient) { container in
            try DefaultOrderService(payments: container.resolve((any PaymentGateway).self))
        }
        root.register(CycleA.self) { container in try CycleA(b: container.resolve(CycleB.self)) }
        root.register(CycleB.self) { container in try CycleB(a: container.resolve(CycleA.self)) }
        root.container(for: .checkout).register(EnglishGreeter.self) { _ in throw Unavailable() }
        return root
    }

    @Test("a complete graph validates")
    func aCompleteGraphValidates() throws {
        let root = DependencyContainer()
        root.register((any HTTPClient).self) { _ in URLSessionClient() }
        root.register((any PaymentGateway).self) { container in
            try StripeGateway(client: container.resolve((any HTTPClient).self))
        }
        root.container(for: .checkout).register(Point.self, lifecycle: .weak) { _ in Point(x: 1) }
        root.container(for: .checkout).register(Point.self, name: "ok") { _ in Point(x: 1) }
        let error = try #require(throws: DependencyGraphError.self) { try root.validateSynchronously() }
        // The only failure is the value type registered as weak.
        #expect(error.failures.map(\.code) == [.weakNeedsObject])
        root.container(for: .checkout).register(Point.self) { _ in Point(x: 1) }
        try root.validateSynchronously()
    }

    @Test("validation reports every failure together, each with its path")
    func everyFailureIsReportedTogetherWithItsPath() throws {
        let error = try #require(throws: DependencyGraphError.self) { try Self.brokenRoot().validateSynchronously() }
        #expect(error.code == .validationFailed)
        #expect(error.failures.map(\.code) == [.notRegistered, .notRegistered, .cycle, .cycle, .factoryFailed])
        #expect(
            error.failures.map { $0.path.joined(separator: " -> ") } == [
                "PaymentGateway -> HTTPClient",
                "OrderService -> PaymentGateway -> HTTPClient",
                "CycleA -> CycleB -> CycleA",
                "CycleB -> CycleA -> CycleB",
                "EnglishGreeter",
            ])
        #expect(error.description.hasPrefix("Validating the container failed: 5 registrations could not be built.\n- "))
    }

    @Test("validation leaves the real singletons alone")
    func validationLeavesTheRealSingletonsAlone() throws {
        let root = DependencyContainer()
        let built = Counter()
        root.register(EnglishGreeter.self) { _ in
            built.increment()
            return EnglishGreeter()
        }
        try root.validateSynchronously()
        #expect(built.value == 1)
        _ = try root.resolve(EnglishGreeter.self)
        // Validation's instance was thrown away: the real one is built anew.
        #expect(built.value == 2)
        let real = try root.resolve(EnglishGreeter.self)
        try root.validateSynchronously()
        #expect(try root.resolve(EnglishGreeter.self) === real)
    }

    @Test("the graph lists nodes, edges and injections, and renders them")
    func theGraphListsNodesEdgesAndInjections() throws {
        let root = DependencyContainer()
        root.register((any HTTPClient).self) { _ in URLSessionClient() }
        root.register((any PaymentGateway).self) { container in
            try StripeGateway(client: container.resolve((any HTTPClient).self))
        }
        root.container(for: .checkout).register((any OrderService).self, lifecycle: .transient) { container in
            try DefaultOrderService(payments: container.resolve((any PaymentGateway).self))
        }
        struct Types: DependencyTypeIndexable {
            let index: [DependencyTypeKey: Any.Type] = ["http": (any HTTPClient).self]
        }
        struct Stubs: TypedDependencyFactoryIndexable {
            let index: [DependencyFactoryKey: TypedDependencyFactory] = [
                "stub": .init((any HTTPClient).self) { _ in URLSessionClient() }
            ]
        }
        let index = DynamicDependencyIndex()
        try index.add(Types())
        try index.add(Stubs())
        try InjectDependenciesArgumentParser(index: index, container: root, readsEnvironment: false, report: .silent)
            .parse(arguments: ["app", "-d", "type=http,factory=stub,scope=checkout,lifecycle=transient"])

        let graph = root.dependencyGraphSynchronously()
        #expect(graph.failures.isEmpty)
        #expect(
            graph.nodes.map(\.id) == [
                "global/HTTPClient", "global/PaymentGateway", "checkout/OrderService", "checkout/HTTPClient",
            ])
        #expect(graph.nodes.last?.injectedBy == "type=http,factory=stub,scope=checkout,lifecycle=transient")
        #expect(
            graph.edges == [
                .init(from: "checkout/OrderService", to: "global/PaymentGateway"),
                .init(from: "global/PaymentGateway", to: "global/HTTPClient"),
            ])
        #expect(
            graph.mermaid == """
                flowchart LR
                  subgraph s_global["global"]
                    n0["HTTPClient<br/>singleton"]
                    n1["PaymentGateway<br/>singleton"]
                  end
                  subgraph s_checkout["checkout"]
                    n2["OrderService<br/>transient"]
                    n3["HTTPClient<br/>transient<br/>injected: type=http,factory=stub,scope=checkout,lifecycle=transient"]
                  end
                  n2 -->|undeclared| n1
                  n1 -->|undeclared| n0
                """)
        #expect(graph.dot.contains("\"checkout/OrderService\" -> \"global/PaymentGateway\" [color=gray50];"))
        #expect(graph.dot.contains("style=dashed"))
        let json = try graph.json()
        #expect(json.contains("\"from\" : \"checkout/OrderService\""))
    }

    @Test("the graph of a broken container names its failures")
    func theGraphOfABrokenContainerNamesItsFailures() {
        let graph = Self.brokenRoot().dependencyGraphSynchronously()
        #expect(graph.failures.count == 5)
        #expect(graph.edges.contains(.init(from: "global/CycleA", to: "global/CycleB")))
    }
}
