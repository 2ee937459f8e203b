import Synchronization

/// Remembers what another catalog client answered, so asking twice for one ISBN costs one request.
///
/// The bulk-import scope registers one per import (`.transient`): an import that lists an ISBN
/// twice asks upstream once, and nothing is remembered past the import.
public final class CachingCatalogClient: BookCatalogClient {
    private let upstream: any BookCatalogClient
    private let answers = Mutex<[String: CatalogEntry?]>([:])

    /// Wraps `upstream`.
    public init(upstream: any BookCatalogClient) {
        self.upstream = upstream
    }

    /// The catalog's entry for an ISBN, or `nil` when the catalog has none.
    public func entry(isbn: String) async throws -> CatalogEntry? {
        if let known = answers.withLock({ $0[isbn] }) { return known }
        let entry = try await upstream.entry(isbn: isbn)
        answers.withLock { $0[isbn] = .some(entry) }
        return entry
    }
}
