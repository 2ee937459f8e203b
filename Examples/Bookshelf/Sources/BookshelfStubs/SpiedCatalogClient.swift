// Debug builds only: a release build compiles this target empty, so no stub ships.
#if DEBUG
public import BookshelfCore
public import Relay

/// A spy around the program's own catalog client (`-d type=catalogClient,factory=spiedCatalog`):
/// each lookup asks the test first, which answers the ISBNs it chooses; the others reach the real
/// client, and the test's journal keeps every lookup with what answered it. A `CatalogUnavailable`
/// the test throws reaches the program as itself, as the real client's does.
public struct SpiedCatalogClient: BookCatalogClient {
    private let calls: SpiedCalls
    private let real: any BookCatalogClient

    /// Creates the spy on the line its factory is given, around the real client.
    public init(calls: SpiedCalls, real: any BookCatalogClient) {
        self.calls = calls.throwing(CatalogUnavailable.self)
        self.real = real
    }

    /// The test's entry for an ISBN, or the real client's.
    public func entry(isbn: String) async throws -> CatalogEntry? {
        try await calls.call("entry", isbn) { try await real.entry(isbn: $0) }
    }
}
#endif
