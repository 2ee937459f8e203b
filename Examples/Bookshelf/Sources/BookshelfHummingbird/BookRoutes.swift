public import BookshelfCore
import Foundation
public import Hummingbird
import Logging
import NIOCore
public import Relay
import RelayHummingbird

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
        // First: each request's unit of work ends once its response has been written.
        router.add(middleware: UnitOfWorkMiddleware(container: container))
        router.add(middleware: RequestIDMiddleware())
        router.add(middleware: DomainErrorMiddleware())
        router.get("health") { _, _ in "ok" }
        let books = router.group("books")
        books.post(use: add)
        books.get(use: list)
        books.post("import", use: importBooks)
        books.get("export", use: export)
        books.get(":id", use: show)
        books.delete(":id", use: remove)
        books.get(":id/catalog", use: catalogEntry)
    }

    // MARK: - Handlers

    @Sendable func add(_ request: Request, context: BookshelfRequestContext) async throws -> EditedResponse<Book> {
        let new = try await request.decode(as: NewBook.self, context: context)
        let book = try await context.resolve(Shelf.self).add(new)
        return EditedResponse(status: .created, response: book)
    }

    @Sendable func list(_ request: Request, context: BookshelfRequestContext) async throws -> [Book] {
        try await context.resolve(Shelf.self).books()
    }

    @Sendable func show(_ request: Request, context: BookshelfRequestContext) async throws -> Book {
        try await book(context)
    }

    @Sendable func remove(_ request: Request, context: BookshelfRequestContext) async throws -> HTTPResponse.Status {
        let id = try context.parameters.require("id")
        guard try await context.resolve(Shelf.self).remove(id: id) else { throw Self.noBook(id) }
        return .noContent
    }

    @Sendable func catalogEntry(_ request: Request, context: BookshelfRequestContext) async throws -> CatalogEntry {
        let book = try await book(context)
        let catalog = try await context.resolve((any BookCatalogClient).self)
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

    /// Streams every book as a line of JSON, written after the handler has returned: the body
    /// still runs in the request's unit of work, whose instances it may use until its last byte.
    @Sendable func export(_ request: Request, context: BookshelfRequestContext) async throws -> Response {
        let books = try await context.resolve(Shelf.self).books()
        let encoder = context.responseEncoder
        let unit = context.unitOfWork
        let body = ResponseBody { writer in
            for book in books {
                var line = ByteBuffer(bytes: try encoder.encode(book))
                line.writeString("\n")
                try await writer.write(line)
            }
            let log = try await unit?.resolve(RequestLog.self)
            log?.logger.info("request \(log?.id ?? "?") streamed \(books.count) books")
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [.contentType: "application/x-ndjson"], body: body)
    }

    // MARK: - Helpers

    private func book(_ context: BookshelfRequestContext) async throws -> Book {
        let id = try context.parameters.require("id")
        guard let book = try await context.resolve(Shelf.self).book(id: id) else { throw Self.noBook(id) }
        return book
    }

    private static func noBook(_ id: String) -> HTTPError {
        HTTPError(.notFound, message: "no book with id '\(id)'")
    }
}

extension Book: ResponseEncodable {}
extension CatalogEntry: ResponseEncodable {}
extension BookImporter.Result: ResponseEncodable {}
