import BookshelfCore
import BookshelfStubs
import Foundation
import Relay
import RelayTesting
import RelayTestingHTTP
import Testing

/// A spy around the program's own catalog client: the test answers the lookups it chooses, the
/// others reach the real client, and the journal keeps them all with what answered them.
@Suite("A catalog the test spies on")
struct SpiedCatalogTests {
    static let wayOfKings = ConfiguredStubTests.fourthBook

    @Test(
        "in a session, the test answers one ISBN; the program's own catalog answers the rest, journaled",
        arguments: BookshelfFront.allCases)
    func chosenCallsAnswered(front: BookshelfFront) async throws {
        // Launched with answers of its own (none): a channel to the test, for sessions.
        try await Bookshelf.with(
            front, .init(type: .bookStore, factory: .inMemoryBookStore),
            .init(type: .catalogClient, factory: .stubCatalog),
            stubAnswers: StubAnswers()
        ) { shelf in
            let answers = StubAnswers()
            answers.spy(.catalogClient, "entry", when: { (isbn: String) in isbn == Self.wayOfKings.isbn }) { _ in
                Self.wayOfKings
            }
            try await withSession(
                on: shelf.program, [.init(type: .catalogClient, factory: .spiedCatalog)], stubAnswers: answers
            ) { session in
                let answer = try await shelf.client.in(session).post(
                    "books/import", json: #"{"isbns":["9780765326355","9780441478125","9780000000002"]}"#)
                try #require(answer.status == 201, "\(answer.body)")
                let result = try BookshelfJSON.decoder.decode(BookImporter.Result.self, from: Data(answer.body.utf8))
                // The test's book, then the stub catalog's own, which the test let through.
                #expect(result.imported.map(\.title) == ["The Way of Kings", "The Left Hand of Darkness"])
                #expect(result.unknown == ["9780000000002"])
            }
            let entries = answers.journal.entries
            #expect(entries.map(\.call.isSpied) == [true, true, true])
            #expect(
                try answers.journal.arguments(of: .catalogClient, "entry", as: String.self) == [
                    "9780765326355", "9780441478125", "9780000000002",
                ])
            guard entries.count == 3 else { return }
            #expect(
                {
                    if case .answered(let text) = entries[0].outcome {
                        text.contains("The Way of Kings")
                    } else {
                        false
                    }
                }(),
                "\(answers.journal)")
            guard case .passedThrough(.success(let real)?) = entries[1].outcome else {
                Issue.record("the second lookup was not passed: \(answers.journal)")
                return
            }
            #expect(real.contains("The Left Hand of Darkness"), "\(real)")
            #expect(entries[2].outcome == .passedThrough(.success("null")))
            #expect(answers.unansweredCalls.isEmpty, "a spy's passed call is not unanswered")
        }
    }

    @Test("the real client's error reaches the program as its own, and the journal says so")
    func realThrows() async throws {
        let answers = StubAnswers()
        try await Bookshelf.with(
            .hummingbird,
            instructions: [
                .init(type: .bookStore, factory: .inMemoryBookStore),
                try .init(
                    type: .catalogClient, factory: .stubCatalog,
                    configuration: StubCatalogClient.Configuration(failingFromCall: 1)),
            ], stubAnswers: answers
        ) { shelf in
            // Re-wired over the launch's stub catalog, which is down: the spy wraps it.
            try await shelf.program.rewire([.init(type: .catalogClient, factory: .spiedCatalog)])
            let answer = try await shelf.client.post("books/import", json: #"{"isbns":["9780441478125"]}"#)
            #expect(answer.status == 502, "\(answer.body)")
            guard case .passedThrough(.failure(let error)?) = answers.journal.entries.first?.outcome else {
                Issue.record("the lookup was not passed, or the real client did not throw: \(answers.journal)")
                return
            }
            #expect(error.code == .thrownByReal)
            #expect(error.thrownType == "CatalogUnavailable")
        }
    }

    @Test("around the real HTTP client at launch, every lookup the test lets through reaches the upstream")
    func realHTTPClient() async throws {
        let upstream = FakeOpenLibrary()
        let answers = StubAnswers()
        try await upstream.serve { upstreamPort in
            try await Bookshelf.with(
                .hummingbird, .init(type: .catalogClient, factory: .spiedCatalog),
                settings: [.catalogURL("http://127.0.0.1:\(upstreamPort)")], stubAnswers: answers
            ) { shelf in
                let imported = try await shelf.client.post(
                    "books/import", json: #"{"isbns":["9780441013593","9780000000002"]}"#)
                #expect(imported.status == 201, "\(imported.body)")
                #expect(
                    upstream.requestedPaths == [
                        "/isbn/9780441013593.json", "/authors/OL79034A.json", "/isbn/9780000000002.json",
                    ])
            }
        }
        let outcomes = answers.journal.entries.map(\.outcome)
        guard outcomes.count == 2, case .passedThrough(.success(let dune)?) = outcomes[0] else {
            Issue.record("\(answers.journal)")
            return
        }
        #expect(dune.contains("Frank Herbert"), "\(dune)")
        #expect(outcomes[1] == .passedThrough(.success("null")))
    }
}
