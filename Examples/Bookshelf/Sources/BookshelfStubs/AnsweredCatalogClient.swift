// Debug builds only: a release build compiles this target empty, so no stub ships.
#if DEBUG
public import BookshelfCore
public import Relay

/// A catalog whose lookups the test answers: each `entry(isbn:)` goes to the test that launched
/// the program (`-d type=catalogClient,factory=answeredCatalog`), which answers it with a closure
/// and keeps a journal of the ISBNs asked for. A `CatalogUnavailable` the test throws reaches the
/// program as itself, so the program answers 502 as it would for the real catalog.
public struct AnsweredCatalogClient: BookCatalogClient {
    private let calls: StubCalls

    /// Creates the client on the line its factory is given.
    public init(calls: StubCalls) {
        self.calls = calls.throwing(CatalogUnavailable.self)
    }

    /// The test's entry for an ISBN, or `nil` when the test has none.
    public func entry(isbn: String) async throws -> CatalogEntry? {
        try await calls.call("entry", isbn)
    }
}
#endif
