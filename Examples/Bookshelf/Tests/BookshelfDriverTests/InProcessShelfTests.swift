import BookshelfCore
import BookshelfHummingbird
import BookshelfStubs
import BookshelfVapor
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Relay
import RelayTesting
import RelayVapor
import Synchronization
import Testing
import Vapor
import VaporTesting

/// The same scenario as `StubbedShelfTests`, with the same stubs, run in process: the program's
/// wiring applied to a container of the test's own, the stubs injected into it by the same
/// instructions, and the HTTP application driven through Hummingbird's router test client, or
/// Vapor's in-memory tester. The fast loop for a change; the launched program stays the faithful
/// one.
@Suite("A shelf with stubbed dependencies, in process")
struct InProcessShelfTests {
    /// Sends one request through the router and reads its answer: `"200 []"`, as `HTTPAnswer`
    /// describes a launched program's.
    private static func answer(
        _ client: any TestClientProtocol, _ method: HTTPRequest.Method, _ uri: String, json: String? = nil
    ) async throws -> String {
        try await client.execute(
            uri: uri, method: method, headers: json == nil ? [:] : [.contentType: "application/json"],
            body: json.map { ByteBuffer(string: $0) }
        ) { response in
            "\(response.status.code) \(String(buffer: response.body))"
        }
    }

    /// A container of the test's own with the program's wiring and the driver tests' stubs (the
    /// answered ones answered by `answers`).
    private static func stubbedContainer(
        configuration: BookshelfConfiguration,
        stubs: [DependencyInstructionLaunchArgument] = StubbedShelfTests.stubs,
        answers: StubAnswers? = nil
    ) throws -> DependencyContainer {
        let container = DependencyContainer()
        try container.apply(
            BookshelfModule(configuration: configuration, logger: Logger(label: "bookshelf-in-process")))
        // The stubs the driver tests inject from the command line, injected the same way.
        let index = DynamicDependencyIndex()
        try index.add(BookshelfTypeIndex())
        try index.add(BookshelfStubFactoryIndex())
        try InjectDependenciesArgumentParser(
            index: index, container: container, readsEnvironment: false, report: .silent, answering: answers
        )
        .inject(instructions: stubs.map(\.instruction))
        return container
    }

    @Test("answers are those of the launched program, to the byte (Hummingbird)")
    func sameAnswersInProcess() async throws {
        let configuration = BookshelfConfiguration(port: 0)
        let container = try Self.stubbedContainer(configuration: configuration)
        let application = BookshelfApplication.make(configuration: configuration, container: container)
        try await application.test(.router) { client in
            let empty = try await Self.answer(client, .get, "/books")
            let added = try await Self.answer(client, .post, "/books", json: StubbedShelfTests.dune)
            let shown = try await Self.answer(client, .get, "/books/book-1")
            let missing = try await Self.answer(client, .get, "/books/book-9")
            #expect(empty == "200 []")
            #expect(added == "201 \(StubbedShelfTests.duneBook)")
            #expect(shown == "200 \(StubbedShelfTests.duneBook)")
            #expect(missing == #"404 {"error":{"message":"no book with id 'book-9'"}}"#)
        }
        try await container.shutdown()
    }

    @Test("the catalog the test answers, with the same stubs and the same closure as the launched test")
    func answeredCatalogInProcess() async throws {
        let answers = StubAnswers()
        let book = AnsweredCatalogTests.wayOfKings
        answers.answer(.catalogClient, "entry") { (isbn: String) in isbn == book.isbn ? book : nil }
        let configuration = BookshelfConfiguration(port: 0)
        let container = try Self.stubbedContainer(
            configuration: configuration, stubs: AnsweredCatalogTests.stubs, answers: answers)
        let application = BookshelfApplication.make(configuration: configuration, container: container)
        try await application.test(.router) { client in
            let imported = try await Self.answer(
                client, .post, "/books/import", json: #"{"isbns":["9780765326355","9780441013593","9780765326355"]}"#)
            #expect(imported.hasPrefix("201 "), "\(imported)")
        }
        try await container.shutdown()
        let asked = try answers.journal.arguments(of: .catalogClient, "entry", as: String.self)
        #expect(asked == ["9780765326355", "9780441013593"], "\(answers.journal)")
    }

    @Test("answers are those of the launched program, to the byte (Vapor)")
    func sameAnswersInProcessOnVapor() async throws {
        let container = try Self.stubbedContainer(configuration: BookshelfConfiguration(port: 0))
        // Built when the application boots (an eager singleton), torn down when it shuts down.
        let probe = TeardownProbe()
        container.register(TeardownProbe.self, lifecycle: .eagerSingleton) { _ in
            probe.advance(to: .built)
        } teardown: {
            $0.advance(to: .tornDown)
        }
        let app = try await Application.make(.testing)
        let lifecycle = BookshelfVaporApplication.configure(
            app, configuration: BookshelfConfiguration(), shutdownDeadline: .seconds(1), container: container)
        do {
            // Booted as `execute()` would: the container's start() runs in its async hook.
            try await app.asyncBoot()
            let json: HTTPHeaders = ["Content-Type": "application/json"]
            func answer(_ response: TestingHTTPResponse) -> String {
                "\(response.status.code) \(response.body.string)"
            }
            let empty = answer(try await app.sendRequest(.GET, "books"))
            let added = answer(
                try await app.sendRequest(
                    .POST, "books", headers: json, body: ByteBuffer(string: StubbedShelfTests.dune)))
            let shown = answer(try await app.sendRequest(.GET, "books/book-1"))
            let missing = answer(try await app.sendRequest(.GET, "books/book-9"))
            #expect(probe.state == .built)
            #expect(empty == "200 []")
            #expect(added == "201 \(StubbedShelfTests.duneBook)")
            #expect(shown == "200 \(StubbedShelfTests.duneBook)")
            #expect(missing == #"404 {"error":{"message":"no book with id 'book-9'"}}"#)
        } catch {
            try? await app.asyncShutdown()
            throw error
        }
        try await app.asyncShutdown()
        // The application's shutdown ran the container's.
        #expect(lifecycle.shutdownError == nil)
        #expect(probe.state == .tornDown)
    }
}

/// Says whether the container built it (on boot) and tore it down (on shutdown).
final class TeardownProbe: Sendable {
    enum State: Int { case new, built, tornDown }

    private let raw = Atomic(State.new.rawValue)

    var state: State { State(rawValue: raw.load(ordering: .acquiring)) ?? .new }

    /// Moves to `state`, and returns itself (for a factory).
    @discardableResult
    func advance(to state: State) -> TeardownProbe {
        raw.store(state.rawValue, ordering: .releasing)
        return self
    }
}
