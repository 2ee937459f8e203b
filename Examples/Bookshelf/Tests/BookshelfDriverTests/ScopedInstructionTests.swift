import BookshelfCore
import BookshelfStubs
import Foundation
import RelayTesting
import RelayTestingHTTP
import Testing

/// An instruction with `scope=bulkImport` changes what `POST /books/import` uses, and nothing else.
@Suite("Scoped dependency instructions")
struct ScopedInstructionTests {
    static let leGuin =
        #"{"addedAt":"2024-03-01T09:30:00Z","author":"Ursula K. Le Guin","id":"book-1","isbn":"9780441478125","title":"The Left Hand of Darkness"}"#
    static let dune =
        #"{"addedAt":"2024-03-01T09:30:00Z","author":"Frank Herbert","id":"book-2","isbn":"9780441013593","title":"Dune"}"#

    @Test(
        "a clock and an ID generator injected into the import scope stamp imported books only",
        arguments: BookshelfFront.allCases)
    func scopedClockAndIDs(front: BookshelfFront) async throws {
        try await Bookshelf.with(
            front, .init(type: .bookStore, factory: .inMemoryBookStore),
            .init(type: .catalogClient, factory: .stubCatalog),
            .init(type: .clock, factory: .fixedClock, scope: .bulkImport),
            .init(type: .idGenerator, factory: .sequentialIDs, scope: .bulkImport)
        ) { shelf in
            let imported = try await shelf.client.post(
                "books/import", json: #"{"isbns":["9780441478125","978-0-441-01359-3","9999999999"]}"#)
            #expect(
                imported
                    == HTTPAnswer(
                        status: 201, body: #"{"imported":[\#(Self.leGuin),\#(Self.dune)],"unknown":["9999999999"]}"#)
            )

            // Outside the scope: the system clock and UUIDs.
            let added = try await shelf.client.post(
                "books", json: #"{"title":"The Hobbit","author":"J. R. R. Tolkien","isbn":"9780547928227"}"#)
            #expect(added.status == 201)
            let book = try BookshelfJSON.decoder.decode(Book.self, from: Data(added.body.utf8))
            #expect(UUID(uuidString: book.id) != nil)
            #expect(book.addedAt != FixedClock.defaultDate)

            #expect(try await shelf.client.get("books").body == "[\(Self.leGuin),\(Self.dune),\(added.body)]")

            // The global catalog stub answers outside the scope too.
            #expect(
                try await shelf.client.get("books/book-2/catalog")
                    == HTTPAnswer(
                        status: 200,
                        body:
                            #"{"authors":["Frank Herbert"],"coverURL":"https://covers.example/9780441013593.jpg","isbn":"9780441013593","pageCount":528,"publishDate":"2005","title":"Dune"}"#
                    )
            )
        }
    }

    @Test(
        "a catalog stub injected into the import scope leaves the catalog route on the real client",
        arguments: BookshelfFront.allCases)
    func scopedCatalog(front: BookshelfFront) async throws {
        // Nothing listens there, nor can (a free port could be taken by a program given --port 0):
        // the real client cannot connect.
        let closed = try ClosedPort()
        defer { closed.release() }
        let closedPort = closed.port
        try await Bookshelf.with(
            front, .init(type: .bookStore, factory: .inMemoryBookStore),
            .init(type: .catalogClient, factory: .stubCatalog, scope: .bulkImport),
            settings: [.catalogURL("http://127.0.0.1:\(closedPort)")]
        ) { shelf in
            let imported = try await shelf.client.post("books/import", json: #"{"isbns":["9780441013593"]}"#)
            #expect(imported.status == 201)
            let result = try BookshelfJSON.decoder.decode(BookImporter.Result.self, from: Data(imported.body.utf8))
            let book = try #require(result.imported.first)
            #expect(book.title == "Dune")

            let catalog = try await shelf.client.get("books/\(book.id)/catalog")
            #expect(catalog.status == 502)
            #expect(
                catalog.body.hasPrefix(
                    #"{"error":{"message":"catalog unavailable: GET http://127.0.0.1:\#(closedPort)/isbn/9780441013593.json failed: "#
                ),
                "\(catalog)"
            )
        }
    }

    @Test("without instructions, imports use the real catalog client too", arguments: BookshelfFront.allCases)
    func noInstructions(front: BookshelfFront) async throws {
        let closed = try ClosedPort()
        defer { closed.release() }
        let closedPort = closed.port
        try await Bookshelf.with(
            front, .init(type: .bookStore, factory: .inMemoryBookStore),
            settings: [.catalogURL("http://127.0.0.1:\(closedPort)")]
        ) { shelf in
            let imported = try await shelf.client.post("books/import", json: #"{"isbns":["9780441013593"]}"#)
            #expect(imported.status == 502)
        }
    }
}
