import Foundation
public import Hummingbird
public import Relay

/// The shelf's HTTP API. Every handler resolves what it needs from the container per request, so
/// transient and scoped registrations take effect as registered.
///
/// | route | answer |
/// |---|---|
/// | `GET /health` | `ok` |
/// | `POST /books` ``NewBook`` | 201 and the ``Book``; 400 when invalid |
/// | `GET /books` | every ``Book``, oldest first |
/// | `GET /books/:id` | the ``Book``; 404 |
/// | `DELETE /books/:id` | 204; 404 |
/// | `GET /books/:id/catalog` | the upstream ``CatalogEntry`` for the book's ISBN; 404; 502 |
/// | `POST /books/import` `{"isbns": […]}` | 201 and a ``BookImporter/Result``, in the `bulkImport` scope |
public struct BookRoutes: Sendable {
    let container: DependencyContainer

    /// Creates the routes over `container` (the global container in the program).
    public init(container: DependencyContainer) {
        self.container = container
    }

    /// Adds the routes to `router`.
    public func add(to router: Router<BookshelfRequestContext>) {
        router.add(middleware: DomainErrorMiddleware())
        router.get("health") { _, _ in "ok" }
        let books = router.group("books")
        books.post(use: add)
        books.get(use: list)
        books.post("import", use: importBooks)
        books.get(":id", use: show)
        books.delete(":id", use: remove)
        books.get(":id/catalog", use: catalogEntry)
    }

    // MARK: - Handlers

    @Sendable func add(_ request: Request, context: BookshelfRequestContext) async throws -> EditedResponse<Book> {
        let new = try await request.decode(as: NewBook.self, context: context)
        let book = try await container.resolve(Shelf.self).add(new)
        return EditedResponse(status: .created, response: book)
    }

    @Sendable func list(_ request: Request, context: BookshelfRequestContext) async throws -> [Book] {
        try await container.resolve(Shelf.self).books()
    }

    @Sendable func show(_ request: Request, context: BookshelfRequestContext) async throws -> Book {
        try await book(context)
    }

    @Sendable func remove(_ request: Request, context: BookshelfRequestContext) async throws -> HTTPResponse.Status {
        let id = try context.parameters.require("id")
        guard try await container.resolve(Shelf.self).remove(id: id) else { throw Self.noBook(id) }
        return .noContent
    }

    @Sendable func catalogEntry(_ request: Request, context: BookshelfRequestContext) async throws -> CatalogEntry {
        let book = try await book(context)
        let catalog = try await container.resolve((any BookCatalogClient).self)
        guard let entry = try await catalog.entry(isbn: book.isbn) else {
            throw HTTPError(.notFound, message: "the catalog has no entry for isbn \(book.isbn)")
        }
        return entry
    }

    @Sendable func importBooks(
        _ request: Request, context: BookshelfRequestContext
    ) async throws -> EditedResponse<BookImporter.Result> {
        struct ImportRequest: Decodable { var isbns: [String] }
        let isbns = try await request.decode(as: ImportRequest.self, context: context).isbns
        let importer = try await container.container(for: .bulkImport).resolve(BookImporter.self)
        return EditedResponse(status: .created, response: try await importer.importBooks(isbns: isbns))
    }

    // MARK: - Helpers

    private func book(_ context: BookshelfRequestContext) async throws -> Book {
        let id = try context.parameters.require("id")
        guard let book = try await container.resolve(Shelf.self).book(id: id) else { throw Self.noBook(id) }
        return book
    }

    private static func noBook(_ id: String) -> HTTPError {
        HTTPError(.notFound, message: "no book with id '\(id)'")
    }
}

extension Book: ResponseEncodable {}
extension CatalogEntry: ResponseEncodable {}
extension BookImporter.Result: ResponseEncodable {}
