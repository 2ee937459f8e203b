import BookshelfCore
import Foundation
import NIOCore
public import Relay
import RelayVapor
public import Vapor

/// The shelf's HTTP API on Vapor: the same routes and answers, to the byte, as the Hummingbird
/// front end's `BookRoutes`. Every handler resolves what it needs from its request's unit of work.
public struct BookshelfVaporRoutes: Sendable {
    let container: DependencyContainer

    /// Creates the routes over `container` (the global container in the program).
    public init(container: DependencyContainer) {
        self.container = container
    }

    /// Adds the routes to `routes`.
    public func add(to routes: any RoutesBuilder) {
        routes.get("health") { _ in "ok" }
        let books = routes.grouped("books")
        books.post(use: add)
        books.get(use: list)
        books.post("import", use: importBooks)
        books.get("export", use: export)
        books.get(":id", use: show)
        books.delete(":id", use: remove)
        books.get(":id", "catalog", use: catalogEntry)
    }

    // MARK: - Handlers

    @Sendable func add(_ request: Request) async throws -> Response {
        let new = try Self.decode(NewBook.self, from: request)
        let book = try await request.resolve(Shelf.self).add(new)
        return try Self.json(book, status: .created)
    }

    @Sendable func list(_ request: Request) async throws -> Response {
        try Self.json(try await request.resolve(Shelf.self).books())
    }

    @Sendable func show(_ request: Request) async throws -> Response {
        try Self.json(try await book(request))
    }

    @Sendable func remove(_ request: Request) async throws -> Response {
        let id = try Self.id(request)
        guard try await request.resolve(Shelf.self).remove(id: id) else { throw Self.noBook(id) }
        return Response(status: .noContent)
    }

    @Sendable func catalogEntry(_ request: Request) async throws -> Response {
        let book = try await book(request)
        let catalog = try await request.resolve((any BookCatalogClient).self)
        guard let entry = try await catalog.entry(isbn: book.isbn) else {
            throw Abort(.notFound, reason: "the catalog has no entry for isbn \(book.isbn)")
        }
        return try Self.json(entry)
    }

    @Sendable func importBooks(_ request: Request) async throws -> Response {
        struct ImportRequest: Decodable { var isbns: [String] }
        let isbns = try Self.decode(ImportRequest.self, from: request).isbns
        let importer = try await container.container(for: .bulkImport).resolve(BookImporter.self)
        return try Self.json(try await importer.importBooks(isbns: isbns), status: .created)
    }

    /// Streams every book as a line of JSON, written after the handler has returned: the body is
    /// made with `unitOfWorkStream`, so it still runs in the request's unit of work, whose
    /// instances it may use until its last byte.
    @Sendable func export(_ request: Request) async throws -> Response {
        let books = try await request.resolve(Shelf.self).books()
        let encoder = BookshelfJSON.encoder
        let body = request.unitOfWorkStream { writer in
            for book in books {
                var line = ByteBuffer(bytes: try encoder.encode(book))
                line.writeString("\n")
                try await writer.writeBuffer(line)
            }
            let log = try await request.resolve(RequestLog.self)
            log.logger.info("request \(log.id) streamed \(books.count) books")
            try await writer.write(.end)
        }
        return Response(status: .ok, headers: ["Content-Type": "application/x-ndjson"], body: body)
    }

    // MARK: - Helpers

    private func book(_ request: Request) async throws -> Book {
        let id = try Self.id(request)
        guard let book = try await request.resolve(Shelf.self).book(id: id) else { throw Self.noBook(id) }
        return book
    }

    private static func id(_ request: Request) throws -> String {
        guard let id = request.parameters.get("id") else { throw Abort(.badRequest, reason: "no book id") }
        return id
    }

    private static func noBook(_ id: String) -> Abort {
        Abort(.notFound, reason: "no book with id '\(id)'")
    }

    /// Reads a JSON body, which must say it is JSON, as Hummingbird's decoding does.
    private static func decode<Value: Decodable>(_ type: Value.Type, from request: Request) throws -> Value {
        guard let body = request.body.data else { throw Abort(.badRequest, reason: "the request has no body") }
        do {
            return try BookshelfJSON.decoder.decode(type, from: Data(body.readableBytesView))
        } catch {
            throw Abort(.badRequest, reason: "the body is not the JSON expected: \(error)")
        }
    }

    /// An answer with `value` in the shelf's JSON form.
    private static func json(_ value: some Encodable, status: HTTPResponseStatus = .ok) throws -> Response {
        Response(
            status: status, headers: ["Content-Type": "application/json; charset=utf-8"],
            body: .init(data: try BookshelfJSON.encoder.encode(value)))
    }
}
