/// Puts many books on the shelf at once from their ISBNs, filling in titles and authors from the
/// catalog: `POST /books/import`.
///
/// The importer is resolved in the ``DependencyContainerScope/bulkImport`` scope, so the scope's
/// registrations (its caching catalog client, and any clock or ID generator injected into the
/// scope) apply to imports and to nothing else.
public struct BookImporter: Sendable {
    let shelf: Shelf
    let catalog: any BookCatalogClient

    /// Creates an importer that adds to `shelf` what `catalog` knows.
    public init(shelf: Shelf, catalog: any BookCatalogClient) {
        self.shelf = shelf
        self.catalog = catalog
    }

    /// What an import did.
    public struct Result: Codable, Sendable, Hashable {
        /// The books added, in the order of the request.
        public var imported: [Book]
        /// The ISBNs the catalog does not know.
        public var unknown: [String]
    }

    /// Looks up each ISBN and adds the ones the catalog knows.
    ///
    /// - Throws: ``InvalidBook`` for a malformed ISBN (nothing is added), ``CatalogUnavailable``.
    public func importBooks(isbns: [String]) async throws -> Result {
        let normalized = try isbns.map(Shelf.normalizedISBN)
        var result = Result(imported: [], unknown: [])
        for isbn in normalized {
            guard let entry = try await catalog.entry(isbn: isbn) else {
                result.unknown.append(isbn)
                continue
            }
            let author = entry.authors.isEmpty ? "Unknown" : entry.authors.joined(separator: ", ")
            result.imported.append(try await shelf.add(NewBook(title: entry.title, author: author, isbn: isbn)))
        }
        return result
    }
}
