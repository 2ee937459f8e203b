import BookshelfCore
import BookshelfStubs
import Foundation
import Relay
import RelayTesting
import RelayTestingHTTP
import Testing

/// Many tests in one launched program: each in a session of its own, with its own store and its
/// own catalog answers, all at once.
@Suite("Many tests sharing one launched program")
struct SharedProgramTests {
    /// What a session replaces: a store of its own, and a catalog it answers.
    static let sessionStubs: [DependencyInstructionLaunchArgument] = [
        .init(type: .bookStore, factory: .inMemoryBookStore), .init(type: .catalogClient, factory: .answeredCatalog),
    ]

    /// A 13-digit ISBN for request `request` of test `test`.
    static func isbn(test: Int, request: Int) -> String {
        "97800" + String(format: "%02d%06d", test, request)
    }

    @Test(
        "20 tests in parallel, 1,000 requests: no request sees another test's stubs", arguments: BookshelfFront.allCases
    )
    func parallelSessions(front: BookshelfFront) async throws {
        try await withTemporaryDirectory(prefix: "bookshelf") { directory in
            var launcher = try Bookshelf.launcher(
                front, directory: directory,
                instructions: [
                    .init(type: .bookStore, factory: .inMemoryBookStore), .init(type: .clock, factory: .fixedClock),
                    .init(type: .idGenerator, factory: .sequentialIDs),
                    .init(type: .catalogClient, factory: .stubCatalog),
                ])
            launcher.opensControlChannel = true
            try await withLaunchedProgram(launcher) { program in
                let client = ProgramHTTPClient(port: try Bookshelf.port(of: program))
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for test in 0..<20 {
                        group.addTask { try await Self.runTest(test, on: program, client: client) }
                    }
                    try await group.waitForAll()
                }
                // The program's own wiring saw none of it.
                let books = try await client.get("books")
                #expect(books == HTTPAnswer(status: 200, body: "[]"))
            }
        }
    }

    /// One test: 50 imports in its session, each answered by its own catalog, then its shelf.
    private static func runTest(_ test: Int, on program: LaunchedProgram, client: ProgramHTTPClient) async throws {
        let answers = StubAnswers()
        let title = "The book of test \(test)"
        answers.answer(.catalogClient, "entry") { (isbn: String) in
            CatalogEntry(isbn: isbn, title: title, authors: ["Test \(test)"], pageCount: test + 1, publishDate: "2020")
        }
        try await withSession(on: program, sessionStubs, stubAnswers: answers) { session in
            let client = client.in(session)
            for request in 0..<50 {
                let answer = try await client.post(
                    "books/import", json: #"{"isbns":[""# + isbn(test: test, request: request) + #""]}"#)
                #expect(answer.status == 201, "test \(test), request \(request): \(answer.body)")
                let result = try BookshelfJSON.decoder.decode(BookImporter.Result.self, from: Data(answer.body.utf8))
                #expect(result.imported.map(\.title) == [title], "test \(test), request \(request)")
            }
            let shelf = try await client.get("books")
            let books = try BookshelfJSON.decoder.decode([Book].self, from: Data(shelf.body.utf8))
            #expect(books.count == 50 && books.allSatisfy { $0.title == title }, "test \(test): \(books.count) books")
        }
        let asked = try answers.journal.arguments(of: .catalogClient, "entry", as: String.self)
        #expect(asked == (0..<50).map { isbn(test: test, request: $0) }, "test \(test)")
    }

    @Test(
        "a request that names a session no longer open is refused, never served from another's stubs",
        arguments: BookshelfFront.allCases)
    func endedSession(front: BookshelfFront) async throws {
        try await withTemporaryDirectory(prefix: "bookshelf") { directory in
            var launcher = try Bookshelf.launcher(
                front, directory: directory,
                instructions: [.init(type: .bookStore, factory: .inMemoryBookStore)])
            launcher.opensControlChannel = true
            try await withLaunchedProgram(launcher) { program in
                let client = ProgramHTTPClient(port: try Bookshelf.port(of: program))
                // Ended as the closure returns; the session is kept to name it afterwards.
                let session = try await withSession(on: program, Self.sessionStubs, stubAnswers: StubAnswers()) {
                    $0
                }
                let refused = try await client.in(session).get("books")
                #expect(refused.status == 400)
                #expect(refused.body.contains("no session '\(session.name)' is open"), "\(refused.body)")
                let forged = try await client.get("books", headers: ["Relay-Session": "0123456789abcdef"])
                #expect(forged.status == 400)
                #expect(forged.body.contains("no session '0123456789abcdef' is open"), "\(forged.body)")
                // Header names compare without case.
                let lowercase = try await client.get("books", headers: ["relay-session": "0123456789abcdef"])
                #expect(lowercase.status == 400)
                let oversized = try await client.get(
                    "books", headers: ["Relay-Session": String(repeating: "a", count: 65)])
                #expect(oversized.status == 400)
                #expect(oversized.body.contains("is not a session name"), "\(oversized.body)")
                // Without the header, the program's own wiring answers.
                #expect(try await client.get("books").status == 200)
            }
        }
    }
}
