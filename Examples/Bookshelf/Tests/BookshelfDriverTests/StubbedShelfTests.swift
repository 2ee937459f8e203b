import BookshelfCore
import BookshelfStubs
import Foundation
import RelayTesting
import RelayTestingHTTP
import Testing

/// With the store, the clock and the ID generator stubbed, every answer is known to the byte.
@Suite("A shelf with stubbed dependencies")
struct StubbedShelfTests {
    static let stubs: [DependencyInstructionLaunchArgument] = [
        .init(type: .bookStore, factory: .inMemoryBookStore),
        .init(type: .clock, factory: .fixedClock),
        .init(type: .idGenerator, factory: .sequentialIDs),
    ]

    static let dune = #"{"author":"Frank Herbert","isbn":"978-0-441-01359-3","title":"Dune"}"#
    static let hobbit = #"{"author":"J. R. R. Tolkien","isbn":"9780547928227","title":"The Hobbit"}"#
    static let duneBook =
        #"{"addedAt":"2024-03-01T09:30:00Z","author":"Frank Herbert","id":"book-1","isbn":"9780441013593","title":"Dune"}"#
    static let hobbitBook =
        #"{"addedAt":"2024-03-01T09:30:00Z","author":"J. R. R. Tolkien","id":"book-2","isbn":"9780547928227","title":"The Hobbit"}"#

    @Test(
        "answers are exactly as expected", arguments: BookshelfFront.allCases,
        [InstructionDelivery.arguments, .environment])
    func exactAnswers(front: BookshelfFront, delivery: InstructionDelivery) async throws {
        try await withTemporaryDirectory(prefix: "bookshelf") { directory in
            try await Bookshelf.with(front, instructions: Self.stubs, delivery: delivery, directory: directory) {
                shelf in
                let client = shelf.client
                #expect(try await client.get("books") == HTTPAnswer(status: 200, body: "[]"))
                #expect(try await client.post("books", json: Self.dune) == HTTPAnswer(status: 201, body: Self.duneBook))
                #expect(
                    try await client.post("books", json: Self.hobbit) == HTTPAnswer(status: 201, body: Self.hobbitBook))
                #expect(
                    try await client.get("books")
                        == HTTPAnswer(status: 200, body: "[\(Self.duneBook),\(Self.hobbitBook)]"))
                #expect(try await client.get("books/book-2") == HTTPAnswer(status: 200, body: Self.hobbitBook))
                #expect(try await client.delete("books/book-1") == HTTPAnswer(status: 204, body: ""))
                #expect(
                    try await client.get("books/book-1")
                        == HTTPAnswer(status: 404, body: #"{"error":{"message":"no book with id 'book-1'"}}"#)
                )
                #expect(
                    try await client.post("books", json: #"{"author":"Nobody","isbn":"12345","title":"Short"}"#)
                        == HTTPAnswer(
                            status: 400, body: #"{"error":{"message":"isbn '12345' must have 10 or 13 digits"}}"#)
                )

                // The program says what it injected, on standard error.
                let report = try await shelf.program.waitForOutput(containing: "Relay injected")
                #expect(report == "Relay injected 3 dependencies:")
            }
            // The in-memory store touched no file.
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
        }
    }

    @Test("each launch starts from an empty in-memory shelf", arguments: BookshelfFront.allCases)
    func emptyOnEachLaunch(front: BookshelfFront) async throws {
        try await withTemporaryDirectory(prefix: "bookshelf") { directory in
            try await Bookshelf.with(front, instructions: Self.stubs, directory: directory) { shelf in
                let answer = try await shelf.client.post("books", json: Self.dune)
                #expect(answer.status == 201)
            }
            try await Bookshelf.with(front, instructions: Self.stubs, directory: directory) { shelf in
                let answer = try await shelf.client.get("books")
                #expect(answer == HTTPAnswer(status: 200, body: "[]"))
            }
        }
    }
}
