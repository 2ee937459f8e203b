import Relay
import RelayTestSupport
import Testing

/// Built for one user, whose ID a resolve passes.
private final class UserSession: Sendable {
    let userID: String
    let client: any HTTPClient
    /// The scope of the container the factory received.
    let scope: DependencyContainerScope
    /// Which registration built it.
    let origin: String

    init(userID: String, client: any HTTPClient, scope: DependencyContainerScope, origin: String = "root") {
        self.userID = userID
        self.client = client
        self.scope = scope
        self.origin = origin
    }
}

/// Built from three arguments of different types.
private struct ReviewForm: Sendable, Equatable {
    let isbn: String
    let rating: Int
    let draft: Bool
}

/// Never registered.
private struct Missing: Sendable {}

/// A plain registration that resolves a session with arguments of its own.
private struct GuestGreeting: Sendable {
    let session: UserSession
}

/// A plain registration that resolves a session without the arguments it needs.
private struct BrokenGreeting: Sendable {
    let session: UserSession
}

/// Closes a cycle back to ``UserSession``.
private struct SessionCycle: Sendable {
    let session: UserSession
}

/// Resolves synchronously, also from async tests (where Swift would pick the async overload).
private func resolveSynchronously<Service>(
    _ type: Service.Type,
    from container: DependencyContainer,
    arguments: String
) throws -> Service {
    try container.resolve(type, arguments: arguments)
}

/// Resolves synchronously without arguments.
private func resolveSynchronously<Service>(_ type: Service.Type, from container: DependencyContainer) throws -> Service
{
    try container.resolve(type)
}

@Suite("Runtime arguments")
struct ArgumentResolutionTests {
    let root = DependencyContainer()

    init() {
        root.register((any HTTPClient).self) { _ in URLSessionClient() }
    }

    /// Registers ``UserSession`` taking a user ID, in `container`, counting builds.
    private func registerSession(
        in container: DependencyContainer,
        name: String? = nil,
        origin: String = "root",
        built: Counter = Counter()
    ) {
        container.register(UserSession.self, name: name) { (container, userID: String) in
            built.increment()
            return try UserSession(
                userID: userID, client: container.resolve((any HTTPClient).self), scope: container.scope, origin: origin
            )
        }
    }

    @Test("a factory receives the arguments the resolve passes, and every resolve builds anew")
    func aFactoryReceivesTheArgumentsAndEveryResolveBuildsAnew() throws {
        let built = Counter()
        registerSession(in: root, built: built)
        let first = try root.resolve(UserSession.self, arguments: "42")
        let second = try root.resolve(UserSession.self, arguments: "43")
        #expect(first.userID == "42")
        #expect(second.userID == "43")
        #expect(first !== second)
        #expect(ObjectIdentifier(first.client as AnyObject) == ObjectIdentifier(second.client as AnyObject))
        #expect(built.value == 2)
    }

    @Test("several arguments arrive in order")
    func severalArgumentsArriveInOrder() throws {
        root.register(ReviewForm.self) { (_, isbn: String, rating: Int, draft: Bool) in
            ReviewForm(isbn: isbn, rating: rating, draft: draft)
        }
        let form = try root.resolve(ReviewForm.self, arguments: "9780441013593", 5, true)
        #expect(form == ReviewForm(isbn: "9780441013593", rating: 5, draft: true))
    }

    @Test("arguments of other types are an error that states both signatures")
    func argumentsOfOtherTypesAreAnErrorThatStatesBothSignatures() throws {
        let built = Counter()
        registerSession(in: root, built: built)
        root.register(ReviewForm.self) { (_, isbn: String, rating: Int, draft: Bool) in
            ReviewForm(isbn: isbn, rating: rating, draft: draft)
        }
        let session = try #require(throws: DependencyResolutionError.self) {
            try root.resolve(UserSession.self, arguments: 42)
        }
        #expect(session.code == .argumentMismatch)
        #expect(
            session.description == """
                'UserSession' in global is registered with arguments (String) but was resolved with (Int).
                  resolution path: UserSession
                  to fix: pass arguments of the types (String), in that order, or register a factory that takes (Int)
                """)
        let form = try #require(throws: DependencyResolutionError.self) {
            try root.resolve(ReviewForm.self, arguments: 5, "9780441013593", true)
        }
        #expect(
            form.description == """
                'ReviewForm' in global is registered with arguments (String, Int, Bool) but was resolved with \
                (Int, String, Bool).
                  resolution path: ReviewForm
                  to fix: pass arguments of the types (String, Int, Bool), in that order, or register a factory \
                that takes (Int, String, Bool)
                """)
        #expect(built.value == 0)
    }

    @Test("a resolve without arguments names the arguments the registration takes")
    func aResolveWithoutArgumentsNamesTheArgumentsTheRegistrationTakes() throws {
        registerSession(in: root)
        let expected = """
            'UserSession' in global is registered with arguments (String) but was resolved without arguments.
              resolution path: UserSession
              to fix: pass them: try container.resolve(UserSession.self, arguments: ...), of the types (String)
            """
        let error = try #require(throws: DependencyResolutionError.self) { try root.resolve(UserSession.self) }
        #expect(error.code == .argumentMismatch)
        #expect(error.description == expected)
        // resolveAll cannot invent arguments: it lists the registrations that take none.
        #expect(try root.resolveAll(UserSession.self).isEmpty)
    }

    @Test("a registration without arguments resolved with some is an error, and builds nothing")
    func aRegistrationWithoutArgumentsResolvedWithSomeIsAnError() throws {
        let built = Counter()
        root.register((any Greeter).self, lifecycle: .transient) { _ in
            built.increment()
            return EnglishGreeter()
        }
        let one = try #require(throws: DependencyResolutionError.self) {
            try root.container(for: .checkout).resolve((any Greeter).self, arguments: "42")
        }
        #expect(one.code == .argumentMismatch)
        #expect(
            one.description == """
                'Greeter' in global is registered without arguments but was resolved with (String).
                  resolution path: Greeter
                  to fix: resolve it without arguments, or register a factory that takes them: \
                container.register(Greeter.self) { (container, argument: String) in ... }
                """)
        let two = try #require(throws: DependencyResolutionError.self) {
            try root.resolve((any Greeter).self, arguments: "42", 7)
        }
        #expect(
            two.description == """
                'Greeter' in global is registered without arguments but was resolved with (String, Int).
                  resolution path: Greeter
                  to fix: resolve it without arguments, or register a factory that takes them: \
                container.register(Greeter.self) { (container, argument1: String, argument2: Int) in ... }
                """)
        #expect(built.value == 0)
    }

    @Test("a type not registered at all is a notRegistered error")
    func aTypeNotRegisteredAtAllIsNotRegistered() throws {
        let error = try #require(throws: DependencyResolutionError.self) {
            try root.resolve(UserSession.self, arguments: "42")
        }
        #expect(error.code == .notRegistered)
        #expect(error.path == ["UserSession"])
    }

    @Test("a missing dependency inside an argument factory has the registration on its path")
    func aMissingDependencyInsideAnArgumentFactoryHasTheRegistrationOnItsPath() throws {
        root.register(UserSession.self) { (container, userID: String) in
            _ = try container.resolve(Missing.self)
            return UserSession(userID: userID, client: URLSessionClient(), scope: container.scope)
        }
        root.register(GuestGreeting.self) { container in
            try GuestGreeting(session: container.resolve(UserSession.self, arguments: "guest"))
        }
        let direct = try #require(throws: DependencyResolutionError.self) {
            try root.resolve(UserSession.self, arguments: "42")
        }
        #expect(direct.path == ["UserSession", "Missing"])
        #expect(
            direct.description == """
                'Missing' is not registered in global.
                  resolution path: UserSession -> Missing
                  to fix: register it, e.g. container.register(Missing.self) { _ in ... }, \
                or inject it with --dependency type=<type key>,factory=<factory key>
                """)
        let nested = try #require(throws: DependencyResolutionError.self) { try root.resolve(GuestGreeting.self) }
        #expect(nested.path == ["GuestGreeting", "UserSession", "Missing"])
    }

    @Test("an argument factory's own error is wrapped with the path")
    func anArgumentFactorysOwnErrorIsWrappedWithThePath() throws {
        root.register(UserSession.self) { (_, _: String) -> UserSession in throw Unavailable() }
        let error = try #require(throws: DependencyResolutionError.self) {
            try root.resolve(UserSession.self, arguments: "42")
        }
        #expect(error.code == .factoryFailed)
        #expect(
            error.description == """
                The factory for 'UserSession' in global threw: the database is unavailable
                  resolution path: UserSession
                """)
    }

    @Test("a cycle through an argument factory is found, with its path")
    func aCycleThroughAnArgumentFactoryIsFound() throws {
        root.register(UserSession.self) { (container, userID: String) in
            _ = try container.resolve(SessionCycle.self)
            return UserSession(userID: userID, client: URLSessionClient(), scope: container.scope)
        }
        root.register(SessionCycle.self, lifecycle: .transient) { container in
            try SessionCycle(session: container.resolve(UserSession.self, arguments: "again"))
        }
        let error = try #require(throws: DependencyResolutionError.self) {
            try root.resolve(UserSession.self, arguments: "42")
        }
        #expect(error.code == .cycle)
        #expect(error.path == ["UserSession", "SessionCycle", "UserSession"])
    }

    @Test("what an argument factory resolves does not receive its arguments")
    func whatAnArgumentFactoryResolvesDoesNotReceiveItsArguments() throws {
        registerSession(in: root)
        // Same type, another name: resolved inside the factory without arguments.
        root.register(UserSession.self, name: "outer") { (container, userID: String) in
            try container.resolve(UserSession.self)
        }
        let error = try #require(throws: DependencyResolutionError.self) {
            try root.resolve(UserSession.self, name: "outer", arguments: "42")
        }
        #expect(error.code == .argumentMismatch)
        #expect(error.path == ["UserSession[\"outer\"]", "UserSession"])
    }

    @Test("a scope's argument factory that resolves the root's registration of its type passes it nothing")
    func aScopesArgumentFactoryThatResolvesTheRootsRegistrationPassesItNothing() throws {
        registerSession(in: root)
        // Same key, another registration: no cycle, and the scope's arguments are not the root's.
        root.container(for: .checkout).register(UserSession.self) { (container, userID: String) in
            try container.root.resolve(UserSession.self)
        }
        let error = try #require(throws: DependencyResolutionError.self) {
            try root.container(for: .checkout).resolve(UserSession.self, arguments: "42")
        }
        #expect(error.code == .argumentMismatch)
        #expect(error.path == ["UserSession", "UserSession"])
        #expect(
            error.description.contains(
                "'UserSession' in global is registered with arguments (String) but was resolved without arguments."))
    }

    @Test("a named argument registration is found by its name, beside an unnamed one")
    func aNamedArgumentRegistrationIsFoundByItsName() throws {
        registerSession(in: root)
        registerSession(in: root, name: "guest", origin: "guest")
        #expect(try root.resolve(UserSession.self, name: "guest", arguments: "1").origin == "guest")
        #expect(try root.resolve(UserSession.self, arguments: "1").origin == "root")
    }

    @Test("a scope falls back to its root, and its own argument registration wins")
    func aScopeFallsBackToItsRootAndItsOwnRegistrationWins() throws {
        registerSession(in: root)
        let admin = try root.container(for: .admin).resolve(UserSession.self, arguments: "7")
        #expect(admin.origin == "root")
        // The root's factory receives the root, as any factory does.
        #expect(admin.scope == .global)
        registerSession(in: root.container(for: .checkout), origin: "checkout")
        let checkout = try root.container(for: .checkout).resolve(UserSession.self, arguments: "7")
        #expect(checkout.origin == "checkout")
        #expect(checkout.scope == .checkout)
    }

    @Test("an override replaces an argument registration for its operation only")
    func anOverrideReplacesAnArgumentRegistration() throws {
        registerSession(in: root)
        let inside = try root.withOverrides { overrides in
            overrides.register(UserSession.self) { (container, userID: String) in
                UserSession(
                    userID: userID + "!", client: URLSessionClient(), scope: container.scope, origin: "override")
            }
        } operation: { () throws in
            try root.container(for: .checkout).resolve(UserSession.self, arguments: "42")
        }
        #expect(inside.origin == "override")
        #expect(inside.userID == "42!")
        #expect(try root.resolve(UserSession.self, arguments: "42").origin == "root")
    }

    @Test("an override without arguments stands beside the argument registration, as in the base")
    func anOverrideWithoutArgumentsStandsBesideTheArgumentRegistration() throws {
        registerSession(in: root)
        let (withArguments, without) = try root.withOverrides { overrides in
            overrides.register(UserSession.self) { container in
                UserSession(userID: "fixed", client: URLSessionClient(), scope: container.scope, origin: "override")
            }
        } operation: { () throws in
            (try root.resolve(UserSession.self, arguments: "42"), try root.resolve(UserSession.self))
        }
        #expect(withArguments.origin == "root" && withArguments.userID == "42")
        #expect(without.origin == "override")
        #expect(try root.resolve(UserSession.self, arguments: "42").userID == "42")
    }

    @Test("an async factory takes arguments, awaited")
    func anAsyncFactoryTakesArguments() async throws {
        root.register(UserSession.self) { (container, userID: String) in
            await Task.yield()
            return try await UserSession(
                userID: userID, client: container.resolve((any HTTPClient).self), scope: container.scope)
        }
        let session = try await root.resolve(UserSession.self, arguments: "42")
        #expect(session.userID == "42")
        let error = try await #require(throws: DependencyResolutionError.self) {
            try await root.resolve(UserSession.self, arguments: 42)
        }
        #expect(error.code == .argumentMismatch)
        #expect(
            error.description.hasPrefix(
                "'UserSession' in global is registered with arguments (String) but was resolved with (Int).\n"))
    }

    @Test("a synchronous resolve meets an async argument factory with an error")
    func aSynchronousResolveMeetsAnAsyncArgumentFactoryWithAnError() async throws {
        root.register(UserSession.self) { (container, userID: String) in
            await Task.yield()
            return UserSession(userID: userID, client: URLSessionClient(), scope: container.scope)
        }
        let withArguments = try #require(throws: DependencyResolutionError.self) {
            try resolveSynchronously(UserSession.self, from: root, arguments: "42")
        }
        #expect(withArguments.code == .asyncFactory)
        // Without arguments, the missing arguments are what it says, not the missing await.
        let without = try #require(throws: DependencyResolutionError.self) {
            try resolveSynchronously(UserSession.self, from: root)
        }
        #expect(without.code == .argumentMismatch)
        #expect(
            without.description.hasPrefix(
                "'UserSession' in global is registered with arguments (String) but was resolved without arguments.\n"))
    }

    @Test("a synchronous argument factory resolves synchronously and with await, also registered in async code")
    func aSynchronousArgumentFactoryResolvesBothWays() async throws {
        await Task.yield()
        registerSession(in: root)
        // An async registration would throw asyncFactory here.
        #expect(try resolveSynchronously(UserSession.self, from: root, arguments: "1").userID == "1")
        #expect(try await root.resolve(UserSession.self, arguments: "2").userID == "2")
    }

    @Test("validation lists an argument registration without building it")
    func validationListsAnArgumentRegistrationWithoutBuildingIt() async throws {
        let built = Counter()
        registerSession(in: root, built: built)
        root.register(ReviewForm.self) { (_, isbn: String, rating: Int, draft: Bool) in
            await Task.yield()
            built.increment()
            return ReviewForm(isbn: isbn, rating: rating, draft: draft)
        }
        try root.validateSynchronously()
        try await root.validate()
        #expect(built.value == 0)

        // A factory that passes arguments is validated, and builds the session it asks for.
        root.register(GuestGreeting.self) { container in
            try GuestGreeting(session: container.resolve(UserSession.self, arguments: "guest"))
        }
        try root.validateSynchronously()
        #expect(built.value == 1)

        // One that passes none fails validation, on the path to the session.
        root.register(BrokenGreeting.self) { container in
            try BrokenGreeting(session: container.resolve(UserSession.self))
        }
        let error = try await #require(throws: DependencyGraphError.self) { try await root.validate() }
        #expect(error.failures.map(\.code) == [.argumentMismatch])
        #expect(error.failures.map(\.path) == [["BrokenGreeting", "UserSession"]])
    }

    @Test("the dependency graph shows an argument registration with its arguments, and edges into it")
    func theDependencyGraphShowsAnArgumentRegistration() throws {
        registerSession(in: root)
        root.register(GuestGreeting.self) { container in
            try GuestGreeting(session: container.resolve(UserSession.self, arguments: "guest"))
        }
        let graph = root.dependencyGraphSynchronously()
        #expect(graph.failures.isEmpty)
        #expect(graph.nodes.map(\.arguments) == [nil, "(String)", nil])
        #expect(
            graph.edges == [
                .init(from: "global/GuestGreeting", to: "global/UserSession(String)"),
                .init(from: "global/UserSession(String)", to: "global/HTTPClient"),
            ])
        #expect(
            graph.mermaid == """
                flowchart LR
                  subgraph s_global["global"]
                    n0["HTTPClient<br/>singleton"]
                    n1["UserSession<br/>transient<br/>arguments: (String)"]
                    n2["GuestGreeting<br/>singleton"]
                  end
                  n2 -->|undeclared| n1
                  n1 -->|undeclared| n0
                """)
        #expect(try graph.json().contains("\"arguments\" : \"(String)\""))
    }
}
