import Relay
import RelayTestSupport
import Testing

/// The types of a small shop, each with an initializer its registration autowires.
private struct Ledger: Sendable {}

private struct RequestContext: Sendable {}

private final class Connection: Sendable {
    init() {}
}

private struct Mailer: Sendable {
    init(connection: Connection) {}
}

private struct Reports: Sendable {
    init(ledger: Ledger, mailer: Mailer) {}
}

private struct Audit: Sendable {
    init(ledger: Ledger?, reports: Lazy<Reports>) {}
}

private struct Pricing: Sendable {
    init(context: RequestContext) {}
}

private struct Quotes: Sendable {
    init(pricing: Pricing) {}
}

private struct Database: Sendable {
    let connections: Int

    init() async { connections = 4 }
}

private struct BookRepository: Sendable {
    init(database: Database) {}
}

private struct Ping: Sendable {
    init(pong: Pong) {}
}

private struct Pong: Sendable {
    init(ping: Ping) {}
}

private struct LazyPing: Sendable {
    init(pong: Lazy<LazyPong>) {}
}

private struct LazyPong: Sendable {
    init(ping: LazyPing) {}
}

private struct Export: Sendable {
    init(format: String) {}
}

private struct Exporter: Sendable {
    init(export: Export) {}
}

@Suite("Checking the declared graph without building it")
struct CheckTests {
    @Test("a sound graph passes, and no factory runs")
    func aSoundGraphPassesAndNothingRuns() throws {
        let root = DependencyContainer()
        let built = Counter()
        root.register(Ledger.self) { _ in
            built.increment()
            return Ledger()
        }
        .dependsOn()
        root.register(Connection.self, initializer: Connection.init)
        root.register(Mailer.self, lifecycle: .transient, initializer: Mailer.init)
        root.register(Reports.self, initializer: Reports.init)
        root.register(Audit.self, initializer: Audit.init)
        let check = try root.check()
        #expect(check.checkedRegistrations == 5)
        #expect(check.checkedDependencies == 5)
        #expect(check.unchecked.isEmpty)
        #expect(built.value == 0)
        #expect(check.description.hasPrefix("Checked 5 of 5 registrations and their 5 declared dependencies"))
    }

    @Test("a missing dependency is reported with its path, its scope and a near name")
    func aMissingDependencyIsReported() throws {
        let root = DependencyContainer()
        root.register(Ledger.self, initializer: Ledger.init)
        root.register(Reports.self, initializer: Reports.init)
        root.register(Mailers.self) { _ in Mailers() }.dependsOn()
        let error = try #require(throws: DependencyCheckError.self) { try root.check() }
        let problem = try #require(error.problems.first)
        #expect(error.problems.count == 1)
        #expect(problem.code == .notRegistered)
        #expect(problem.registration == "global/Reports")
        #expect(problem.path == ["Reports", "Mailer"])
        #expect(problem.message.contains("'Reports' in global depends on 'Mailer', which is not registered in global."))
        #expect(problem.message.contains("Did you mean 'Mailers'?"))
        #expect(error.description.hasPrefix("Checking the container found 1 problem, without building anything:\n- "))
    }

    @Test("a scope's registration finds its dependencies in the root, as a resolve does")
    func aScopeFallsBackToItsRoot() throws {
        let root = DependencyContainer()
        root.register(Connection.self, initializer: Connection.init)
        root.container(for: .checkout).register(Mailer.self, initializer: Mailer.init)
        try root.check()
        // Not the other way round: the root cannot see the scope's.
        root.register(Reports.self, initializer: Reports.init)
        root.register(Ledger.self, initializer: Ledger.init)
        let error = try #require(throws: DependencyCheckError.self) { try root.check() }
        #expect(error.problems.map(\.registration) == ["global/Reports"])
    }

    @Test("an optional dependency may be missing; a deferred one must exist but closes no loop")
    func optionalAndDeferredDependencies() throws {
        let root = DependencyContainer()
        root.register(Audit.self, initializer: Audit.init)  // Ledger? and Lazy<Reports>
        let error = try #require(throws: DependencyCheckError.self) { try root.check() }
        #expect(error.problems.map(\.path) == [["Audit", "Lazy<Reports>"]])

        let loops = DependencyContainer()
        loops.register(LazyPing.self, initializer: LazyPing.init)
        loops.register(LazyPong.self, initializer: LazyPong.init)
        try loops.check()
    }

    @Test("a loop is reported once, whole, whichever registration comes first")
    func aLoopIsReportedOnce() throws {
        let root = DependencyContainer()
        root.register(Ping.self, initializer: Ping.init)
        root.register(Pong.self, lifecycle: .transient, initializer: Pong.init)
        let error = try #require(throws: DependencyCheckError.self) { try root.check() }
        #expect(error.problems.map(\.code) == [.cycle])
        #expect(error.problems.first?.path == ["Ping", "Pong", "Ping"])
        // validate() finds the same loop by building it.
        let validation = try #require(throws: DependencyGraphError.self) { try root.validateSynchronously() }
        #expect(validation.failures.map(\.code).contains(.cycle))
    }

    @Test("a singleton that would hold a unit-of-work instance, directly or through a transient")
    func captiveUnitOfWork() async throws {
        let root = DependencyContainer()
        root.register(RequestContext.self, lifecycle: .unitOfWork, initializer: RequestContext.init)
        root.register(Pricing.self, lifecycle: .transient, initializer: Pricing.init)
        root.register(Quotes.self, initializer: Quotes.init)
        let error = try #require(throws: DependencyCheckError.self) { try root.check() }
        #expect(error.problems.map(\.code) == [.captiveDependency])
        #expect(error.problems.first?.path == ["Quotes", "Pricing", "RequestContext"])
        #expect(error.problems.first?.message.contains("a .unitOfWork instance") == true)
        // A resolve refuses it the same way, once it runs.
        let refusal = try await #require(throws: DependencyResolutionError.self) {
            try await root.withUnitOfWork { _ in try await root.resolve(Quotes.self) }
        }
        #expect(refusal.code == .captiveDependency)
        // A transient consumer keeps nothing: no problem.
        root.register(Quotes.self, lifecycle: .transient, initializer: Quotes.init)
        try root.check()
    }

    @Test("a singleton that would keep a transient with a teardown until shutdown")
    func captiveTransientWithTeardown() throws {
        let root = DependencyContainer()
        root.register(Connection.self, lifecycle: .transient, initializer: Connection.init) { _ in }
        root.register(Mailer.self, initializer: Mailer.init)
        let error = try #require(throws: DependencyCheckError.self) { try root.check() }
        #expect(error.problems.map(\.code) == [.captiveDependency])
        #expect(error.problems.first?.message.contains("a .transient instance with a teardown") == true)
    }

    @Test("a synchronous factory that depends on an async one, unless start() builds it first")
    func synchronousConsumerOfAnAsyncFactory() throws {
        let root = DependencyContainer()
        root.register(Database.self, initializer: Database.init)
        root.register(BookRepository.self, initializer: BookRepository.init)
        let error = try #require(throws: DependencyCheckError.self) { try root.check() }
        #expect(error.problems.map(\.code) == [.asyncFactory])
        #expect(error.problems.first?.fix.contains(".eagerSingleton") == true)
        root.register(Database.self, lifecycle: .eagerSingleton, initializer: Database.init)
        try root.check()
    }

    @Test("a dependency by type on a type registered only with arguments")
    func argumentsTheDependencyCannotPass() throws {
        let root = DependencyContainer()
        root.register(Export.self) { (_, format: String) in Export(format: format) }
        root.register(Exporter.self, initializer: Exporter.init)
        let error = try #require(throws: DependencyCheckError.self) { try root.check() }
        #expect(error.problems.map(\.code) == [.argumentMismatch])
        #expect(error.problems.first?.message.contains("(String)") == true)
    }

    @Test("factories that declare nothing are listed as unchecked, with what to do")
    func undeclaredFactoriesAreUnchecked() throws {
        let root = DependencyContainer()
        root.register((any HTTPClient).self) { _ in URLSessionClient() }
        root.register((any PaymentGateway).self) { container in
            try StripeGateway(client: container.resolve((any HTTPClient).self))
        }
        .dependsOn((any HTTPClient).self)
        let check = try root.check()
        #expect(check.unchecked.map(\.registration) == ["global/HTTPClient"])
        #expect(check.unchecked.first?.reason.contains(".dependsOn(") == true)
    }

    @Test("an alias is checked through its target, and a named dependency by its name")
    func aliasesAndNames() throws {
        let root = DependencyContainer()
        try root.register(EnglishGreeter.self) { _ in EnglishGreeter() }.dependsOn()
            .implements((any Greeter).self) { $0 }
        root.register(Point.self) { container in
            _ = try container.resolve((any Greeter).self)
            _ = try container.resolve((any Greeter).self, name: "french")
            return Point(x: 1)
        }
        .dependsOn((any Greeter).self)
        .dependsOn((any Greeter).self, name: "french")
        let error = try #require(throws: DependencyCheckError.self) { try root.check() }
        #expect(error.problems.map(\.path) == [["Point", "Greeter[\"french\"]"]])
    }

    @Test("validate() reports a factory that resolves other than it declares; check() cannot see it")
    func validateComparesDeclarationsWithTheFactory() throws {
        let root = DependencyContainer()
        root.register(Ledger.self, initializer: Ledger.init)
        root.register(Connection.self, initializer: Connection.init)
        root.register(Mailer.self) { container in
            _ = try container.resolve(Ledger.self)
            return Mailer(connection: Connection())
        }
        .dependsOn(Connection.self)
        try root.check()
        let error = try #require(throws: DependencyGraphError.self) { try root.validateSynchronously() }
        #expect(error.failures.map(\.code) == [.declarationMismatch, .declarationMismatch])
        #expect(
            error.failures.map(\.description.firstLine) == [
                "'Mailer' in global declares 'Connection', which its factory did not resolve.",
                "The factory of 'Mailer' in global resolved 'Ledger', which it does not declare.",
            ])
    }

    @Test("validate() finds nothing to report on autowired registrations, wrappers included")
    func autowiredDeclarationsMatchTheirFactories() async throws {
        let root = DependencyContainer()
        root.register(Ledger.self, initializer: Ledger.init)
        root.register(Connection.self, initializer: Connection.init)
        root.register(Mailer.self, lifecycle: .transient, initializer: Mailer.init)
        root.register(Reports.self, initializer: Reports.init)
        root.register(Audit.self, initializer: Audit.init)
        try root.check()
        try await root.validate()
        // A singleton the container built already is found, not built again: nothing to compare.
        _ = try await root.resolve(Reports.self)
        try await root.validate()
    }

    @Test("the graph tells apart edges declared and seen, seen only, and declared only")
    func theGraphTellsDeclaredAndSeenEdgesApart() throws {
        let root = DependencyContainer()
        root.register(Connection.self, initializer: Connection.init)
        // Declared and seen.
        root.register(Mailer.self, initializer: Mailer.init)
        // Seen, not declared: check() cannot follow it.
        root.register(Digest.self) { container in try Digest(mailer: container.resolve(Mailer.self)) }
        // Declared, never resolved by its factory.
        root.register(Archive.self) { _ in Archive() }.dependsOn(Connection.self)
        let graph = root.dependencyGraphSynchronously()
        #expect(
            graph.edges == [
                .init(from: "global/Archive", to: "global/Connection", isDeclared: true, isObserved: false),
                .init(from: "global/Digest", to: "global/Mailer"),
                .init(from: "global/Mailer", to: "global/Connection", isDeclared: true, isObserved: true),
            ])
        #expect(graph.dot.contains("\"global/Archive\" -> \"global/Connection\" [style=dashed];"))
        #expect(graph.dot.contains("\"global/Mailer\" -> \"global/Connection\";"))
        #expect(graph.dot.contains("\"global/Digest\" -> \"global/Mailer\" [color=gray50];"))
        #expect(graph.mermaid.hasSuffix("n3 -.-> n0\n  n2 -->|undeclared| n1\n  n1 --> n0"), "\(graph.mermaid)")
        #expect(try graph.json().contains("\"isDeclared\" : true"))
    }

    @Test("under an override, check() reads what a resolve in the task would find, layers first")
    func checkUnderAnOverride() throws {
        let root = DependencyContainer()
        root.register(Mailer.self, initializer: Mailer.init)
        #expect(throws: DependencyCheckError.self) { try root.check() }
        // The override registers the missing connection: the graph a resolve here sees is whole.
        let check = try root.withOverrides {
            $0.register(Connection.self, initializer: Connection.init)
        } operation: {
            try root.check()
        }
        #expect(check.checkedRegistrations == 2)
        // And an override that replaces the mailer with one that needs a missing archive is refused
        // there, naming the override's registration; the base is not changed by either.
        let error = try #require(throws: DependencyCheckError.self) {
            try root.withOverrides { overrides in
                overrides.register(Connection.self, initializer: Connection.init)
                overrides.register(Mailer.self) { _ in Mailer(connection: Connection()) }.dependsOn(Archive.self)
            } operation: {
                try root.check()
            }
        }
        #expect(error.problems.map(\.path) == [["Mailer", "Archive"]])
        // The override's connection and mailer: the base's mailer is hidden by the override's.
        #expect(error.check.checkedRegistrations == 2)
        #expect(throws: DependencyCheckError.self) { try root.check() }
    }

    @Test("the declared graph: every node, the declared edges, the problems as failures")
    func theDeclaredGraph() {
        let root = DependencyContainer()
        root.register(Connection.self, initializer: Connection.init)
        root.register(Mailer.self, initializer: Mailer.init)
        root.register(Reports.self, initializer: Reports.init)
        let graph = root.declaredDependencyGraph()
        #expect(graph.nodes.map(\.id) == ["global/Connection", "global/Mailer", "global/Reports"])
        #expect(
            graph.edges == [
                .init(from: "global/Mailer", to: "global/Connection", isDeclared: true, isObserved: false),
                .init(from: "global/Reports", to: "global/Mailer", isDeclared: true, isObserved: false),
            ])
        #expect(graph.failures.count == 1)
        #expect(graph.failures.first?.contains("'Ledger'") == true)
    }

    @Test("a graph thousands deep is checked without deep recursion")
    func aDeepGraph() throws {
        let root = DependencyContainer()
        Chain.register(depth: 5_000, in: root)
        let check = try root.check()
        #expect(check.checkedRegistrations == 5_000)
    }
}

private struct Mailers: Sendable {}

/// Resolves a mailer without declaring it.
private struct Digest: Sendable {
    init(mailer: Mailer) {}
}

/// Declares a connection its factory never resolves.
private struct Archive: Sendable {}

extension String {
    fileprivate var firstLine: Substring {
        split(separator: "\n", maxSplits: 1).first ?? ""
    }
}

/// A chain of registrations `Link<0> <- Link<1> <- …`, each declaring the one before.
private enum Chain {
    struct Link: Sendable {}

    static func register(depth: Int, in root: DependencyContainer) {
        root.register(Link.self, name: "0") { _ in Link() }.dependsOn()
        for level in 1..<depth {
            root.register(Link.self, name: "\(level)") { _ in Link() }.dependsOn(Link.self, name: "\(level - 1)")
        }
    }
}
