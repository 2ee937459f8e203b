// Debug builds only: a release build compiles this target empty, so no stub ships.
#if DEBUG
public import BookshelfCore
/// A catalog that knows three books and needs no network.
public struct StubCatalogClient: BookCatalogClient {
    /// The entries it knows, by ISBN.
    public let entries: [String: CatalogEntry]

    /// The three books: The Left Hand of Darkness, Dune and The Hobbit.
    public static let sampleEntries: [CatalogEntry] = [
        CatalogEntry(
            isbn: "9780441478125", title: "The Left Hand of Darkness", authors: ["Ursula K. Le Guin"],
            pageCount: 304, publishDate: "1987", coverURL: "https://covers.example/9780441478125.jpg"),
        CatalogEntry(
            isbn: "9780441013593", title: "Dune", authors: ["Frank Herbert"],
            pageCount: 528, publishDate: "2005", coverURL: "https://covers.example/9780441013593.jpg"),
        CatalogEntry(
            isbn: "9780547928227", title: "The Hobbit", authors: ["J. R. R. Tolkien"],
            pageCount: 300, publishDate: "2012", coverURL: nil),
    ]

    /// Creates a catalog that knows `entries`.
    public init(entries: [CatalogEntry] = StubCatalogClient.sampleEntries) {
        self.entries = Dictionary(uniqueKeysWithValues: entries.map { ($0.isbn, $0) })
    }

    /// The catalog's entry for an ISBN, or `nil` when the catalog has none.
    public func entry(isbn: String) async throws -> CatalogEntry? {
        entries[isbn]
    }

    /// What the `catalogFailingToClose` stub's teardown throws, to see a failed shutdown.
    public struct CloseFailed: Error, CustomStringConvertible {
        /// Creates the error.
        public init() {}

        /// Says that the stub refused.
        public var description: String { "the stub catalog refuses to close" }
    }
}

/// A catalog that is always down, to see how the shelf copes.
public struct UnavailableCatalogClient: BookCatalogClient {
    /// Creates the client.
    public init() {}

    /// The catalog's entry for an ISBN, or `nil` when the catalog has none.
    public func entry(isbn: String) async throws -> CatalogEntry? {
        throw CatalogUnavailable(reason: "the stub catalog is down")
    }
}
#endif
