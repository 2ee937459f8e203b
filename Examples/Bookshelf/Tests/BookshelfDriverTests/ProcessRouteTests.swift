import BookshelfCore
import BookshelfStubs
import Foundation
import RelayIntegrationTestSupport
import RelayTesting
import RelayTestingHTTP
import Testing

/// The bookshelf started as a launcher that is not RelayTesting starts it (a script, a container,
/// XCUITest): `Foundation.Process`, given nothing but its environment. It connects to the test's
/// ``ProgramEndpoint`` itself, and the answered-stub and session tests that run on RelayTesting's
/// own launch (``AnsweredCatalogTests``) pass here unchanged. The third route, a harness in
/// another language, is ``PythonConformanceTests``.
@Suite("The program started by Foundation.Process, with only its environment")
struct ProcessRouteTests {
    /// Starts the bookshelf with `Process` on a port the system picks, its instructions in `RELAY_DEPENDENCIES`
    /// and the endpoint in `RELAY_CONTROL_ENDPOINT`; waits for its connection and the line that names its port;
    /// runs `body`; stops it, however `body` ends.
    static func withStartedShelf(
        stubAnswers: StubAnswers? = nil,
        _ body: (ProgramConnection, ProgramHTTPClient) async throws -> Void
    ) async throws {
        try await withTemporaryDirectory(prefix: "bookshelf-process") { directory in
            let endpoint = try ProgramEndpoint(stubAnswers: stubAnswers)
            let log = directory.file(named: "output.log")
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            let output = try FileHandle(forWritingTo: log)
            defer { try? output.close() }
            let process = Process()
            process.executableURL = try ProgramExecutable.product("bookshelf").url
            process.arguments = ["--port", "0", "--database", directory.file(named: "books.sqlite").path]
            process.currentDirectoryURL = directory.url
            process.environment = ProcessInfo.processInfo.environment.merging(endpoint.environment) { $1 }
                .merging(["RELAY_DEPENDENCIES": AnsweredCatalogTests.baseWiring]) { $1 }
            process.standardOutput = output
            process.standardError = output
            try process.run()
            defer {
                process.terminate()
                process.waitUntilExit()
            }
            let connection = try await endpoint.connection(timeout: .seconds(20))
            defer { connection.close() }
            // A program started by `Process` says it is ready, and on which port, in the file
            // its output goes to: read until the line is there.
            let port = try await withDeadline(.seconds(30)) {
                while true {
                    let said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
                    if let line = said.split(separator: "\n").first(where: { $0.contains(Bookshelf.readyLine) }),
                        let port = line.split(separator: ":").last.flatMap({ Int($0) })
                    {
                        return port
                    }
                    try await Task.sleep(for: .milliseconds(20))
                }
            }
            let client = ProgramHTTPClient(port: port)
            do {
                try await body(connection, client)
            } catch {
                let said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
                Issue.record("the program wrote:\n\(said.suffix(4_000))")
                throw error
            }
        }
    }

    @Test("the test answers the lookups in a session, and sees which ISBNs were asked, once each")
    func whichISBNs() async throws {
        try await Self.withStartedShelf { connection, client in
            try await AnsweredCatalogTests.whichISBNs { answers, work in
                try await withSession(on: connection, AnsweredCatalogTests.stubs, stubAnswers: answers) { session in
                    try await work(client.in(session))
                }
            }
        }
    }

    @Test("the catalog goes down in a session while the program runs: the test's error is the program's")
    func goesDownWhileRunning() async throws {
        try await Self.withStartedShelf { connection, client in
            try await AnsweredCatalogTests.goesDownWhileRunning { answers, work in
                try await withSession(on: connection, AnsweredCatalogTests.stubs, stubAnswers: answers) { session in
                    try await work(client.in(session))
                }
            }
        }
    }

    @Test("its wiring account comes over the connection: the launch's instructions, then what was built")
    func wiringAccount() async throws {
        try await Self.withStartedShelf { connection, client in
            _ = try await client.get("books")
            let account = try await connection.wiring()
            #expect(
                account.injections.map(\.instruction)
                    == AnsweredCatalogTests.baseWiring.split(separator: "\n").map(String.init))
            #expect(account.resolutions.contains { $0.type == "BookStore" && $0.instanceType == "InMemoryBookStore" })
            #expect(connection.programName == "bookshelf")
        }
    }

    @Test("re-wired, the whole program asks the test; reset, it asks its launch's catalog again")
    func rewired() async throws {
        let answers = StubAnswers()
        answers.answer(.catalogClient, "entry") { (_: String) in AnsweredCatalogTests.wayOfKings }
        try await Self.withStartedShelf(stubAnswers: answers) { connection, client in
            try await connection.rewire([.init(type: .catalogClient, factory: .answeredCatalog)])
            let rewired = try await client.post("books/import", json: #"{"isbns":["9780765326355"]}"#)
            #expect(rewired.status == 201, "\(rewired.body)")
            #expect(rewired.body.contains("The Way of Kings"), "\(rewired.body)")
            try await connection.resetWiring()
            // The launch's stub catalog knows no such book: the test is not asked again.
            let reset = try await client.post("books/import", json: #"{"isbns":["9780765326356"]}"#)
            #expect(reset.status == 201, "\(reset.body)")
            #expect(try answers.journal.arguments(of: .catalogClient, "entry", as: String.self) == ["9780765326355"])
            #expect(connection.unansweredCalls.isEmpty)
        }
    }
}
