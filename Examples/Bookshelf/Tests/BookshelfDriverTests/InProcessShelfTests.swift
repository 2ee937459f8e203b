import BookshelfCore
import BookshelfHummingbird
import BookshelfStubs
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Relay
import RelayTesting
import Testing

/// The same scenario as `StubbedShelfTests`, with the same stubs, run in process: the program's
/// wiring applied to a container of the test's own, the stubs injected into it by the same
/// instructions, and the HTTP application driven through Hummingbird's router test client. The
/// fast loop for a change; the launched program stays the faithful one.
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

    @Test("answers are those of the launched program, to the byte")
    func sameAnswersInProcess() async throws {
        let container = DependencyContainer()
        let configuration = BookshelfConfiguration(port: 0)
        try BookshelfDependencyRegistry(
            configuration: configuration, logger: Logger(label: "bookshelf-in-process"), container: container
        ).registerDependencies()
        // The stubs the driver tests inject from the command line, injected the same way.
        let index = DynamicDependencyIndex()
        try index.add(BookshelfTypeIndex())
        try index.add(BookshelfStubFactoryIndex())
        try InjectDependenciesArgumentParser(
            index: index, container: container, readsEnvironment: false, report: .silent
        )
        .inject(instructions: StubbedShelfTests.stubs.map(\.instruction))

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
}
