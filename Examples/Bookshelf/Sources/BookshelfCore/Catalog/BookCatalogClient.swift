/// Looks up editions in an upstream book catalog.
///
/// The program's default asks Open Library over HTTP (``OpenLibraryCatalogClient``); tests inject
/// ``StubCatalogClient`` (`-d type=catalogClient,factory=stubCatalog`), so they need no network.
public protocol BookCatalogClient: Sendable {
    /// The catalog's entry for an ISBN, or `nil` when the catalog has none.
    ///
    /// - Throws: ``CatalogUnavailable`` when the catalog cannot be reached or answers with an error.
    func entry(isbn: String) async throws -> CatalogEntry?
}
