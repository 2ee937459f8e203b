import BookshelfCore
import BookshelfStubs
import Foundation
import RelayTesting
import RelayTestingHTTP
import Testing

/// The real HTTP catalog client against a stand-in upstream: no stubs for the catalog.
@Suite("The upstream catalog over HTTP")
struct CatalogClientTests {
    @Test(
        "the catalog route and imports ask the upstream, an import asking once per ISBN",
        arguments: BookshelfFront.allCases)
    func realClient(front: BookshelfFront) async throws {
        let upstream = FakeOpenLibrary()
        try await upstream.serve { upstreamPort in
            try await Bookshelf.with(
                front, .init(type: .clock, factory: .fixedClock),
                .init(type: .idGenerator, factory: .sequentialIDs),
                settings: [.catalogURL("http://127.0.0.1:\(upstreamPort)")]
            ) { shelf in
                let imported = try await shelf.client.post(
                    "books/import", json: #"{"isbns":["9780441013593","9780441013593","9780000000002"]}"#)
                #expect(imported.status == 201)
                let result = try BookshelfJSON.decoder.decode(BookImporter.Result.self, from: Data(imported.body.utf8))
                #expect(result.imported.map(\.id) == ["book-1", "book-2"])
                #expect(result.imported.map(\.author) == ["Frank Herbert", "Frank Herbert"])
                #expect(result.unknown == ["9780000000002"])
                // The import scope's catalog client is made per import and remembers answers.
                #expect(
                    upstream.requestedPaths == [
                        "/isbn/9780441013593.json", "/authors/OL79034A.json", "/isbn/9780000000002.json",
                    ]
                )

                #expect(
                    try await shelf.client.get("books/book-1/catalog")
                        == HTTPAnswer(
                            status: 200,
                            body:
                                #"{"authors":["Frank Herbert"],"coverURL":"https://covers.openlibrary.org/b/id/11481354-L.jpg","isbn":"9780441013593","pageCount":528,"publishDate":"2005","title":"Dune"}"#
                        )
                )
                // Outside the import scope, nothing is remembered.
                #expect(upstream.requestedPaths.count == 5)
            }
        }
    }
}
