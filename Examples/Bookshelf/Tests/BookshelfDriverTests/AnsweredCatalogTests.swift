import BookshelfCore
import BookshelfStubs
import Foundation
import Relay
import RelayTesting
import RelayTestingHTTP
import RelayTestingSupport
import Testing

/// The catalog answered by the test: its books come from a closure in the test, which may change
/// while the program runs, and the test sees which ISBNs the program asked for. Each test runs in
/// a session of a program the suite shares.
@Suite(
    "A catalog the test answers", .sharedProgram(SharedShelf.hummingbird), .sharedProgram(SharedShelf.vapor))
struct AnsweredCatalogTests {
    static let wayOfKings = ConfiguredStubTests.fourthBook

    static let stubs: [DependencyInstructionLaunchArgument] = [
        .init(type: .bookStore, factory: .inMemoryBookStore), .init(type: .clock, factory: .fixedClock),
        .init(type: .idGenerator, factory: .sequentialIDs), .init(type: .catalogClient, factory: .answeredCatalog),
    ]

    /// What a program started outside RelayTesting is launched with, in `RELAY_DEPENDENCIES`: the
    /// stubs that need no test, and a catalog that needs no network.
    static let baseWiring = [
        "type=bookStore,factory=inMemoryBookStore", "type=clock,factory=fixedClock",
        "type=idGenerator,factory=sequentialIDs", "type=catalogClient,factory=stubCatalog",
    ].joined(separator: "\n")

    @Test(
        "the test answers the lookups, and sees which ISBNs were asked, once each", arguments: BookshelfFront.allCases)
    func whichISBNs(front: BookshelfFront) async throws {
        try await Self.whichISBNs { answers, work in
            try await SharedShelf.program(front).withSession(Self.stubs, stubAnswers: answers) { session, shelf in
                try await work(shelf.client.in(session))
            }
        }
    }

    @Test(
        "the catalog goes down while the program runs: the test's error is the program's",
        arguments: BookshelfFront.allCases)
    func goesDownWhileRunning(front: BookshelfFront) async throws {
        try await Self.goesDownWhileRunning { answers, work in
            try await SharedShelf.program(front).withSession(Self.stubs, stubAnswers: answers) { session, shelf in
                try await work(shelf.client.in(session))
            }
        }
    }
}

/// A session's work, however the program was started: `answers` answer the session's stubs, and
/// `work` gets a client whose requests carry the session.
typealias InSession = (
    _ answers: StubAnswers, _ work: (ProgramHTTPClient) async throws -> Void
) async throws -> Void

extension AnsweredCatalogTests {
    /// Two ISBNs asked, one of them twice: the test answers one, and sees each asked once.
    static func whichISBNs(in session: InSession) async throws {
        let answers = StubAnswers()
        answers.answer(.catalogClient, "entry") { (isbn: String) in isbn == Self.wayOfKings.isbn ? Self.wayOfKings : nil
        }
        try await session(answers) { client in
            let answer = try await client.post(
                "books/import", json: #"{"isbns":["9780765326355","9780441013593","9780765326355"]}"#)
            #expect(answer.status == 201, "\(answer.body)")
            let result = try BookshelfJSON.decoder.decode(BookImporter.Result.self, from: Data(answer.body.utf8))
            // Each ISBN of the request is imported, the repeated one too.
            #expect(result.imported.map(\.title) == ["The Way of Kings", "The Way of Kings"])
            #expect(result.unknown == ["9780441013593"])
        }
        // But an import caches its lookups: the catalog was not asked for the repeated ISBN again.
        let asked = try answers.journal.arguments(of: .catalogClient, "entry", as: String.self)
        #expect(asked == ["9780765326355", "9780441013593"], "\(answers.journal)")
    }

    /// The test takes the catalog down between two imports: the program answers 502 with its words.
    static func goesDownWhileRunning(in session: InSession) async throws {
        let answers = StubAnswers()
        answers.answer(.catalogClient, "entry") { (_: String) in Self.wayOfKings }
        try await session(answers) { client in
            let first = try await client.post("books/import", json: #"{"isbns":["9780765326355"]}"#)
            #expect(first.status == 201)
            answers.answer(.catalogClient, "entry") { (_: String) -> CatalogEntry? in
                throw CatalogUnavailable(reason: "the test took the catalog down")
            }
            let second = try await client.post("books/import", json: #"{"isbns":["9780441013593"]}"#)
            #expect(second.status == 502)
            #expect(second.body.contains("the test took the catalog down"), "\(second.body)")
        }
    }
}
