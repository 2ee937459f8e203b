// Debug builds only: a release build compiles this target empty, so no stub ships.
#if DEBUG
public import BookshelfCore
import Synchronization

/// A catalog that needs no network: it knows three books unless the test gives it others, and
/// answers until the call the test says it goes down on (`-d type=catalogClient,factory=stubCatalog`
/// with a ``Configuration``).
public struct StubCatalogClient: BookCatalogClient {
    /// What a test may tell the catalog.
    public struct Configuration: Codable, Sendable {
        /// The books it knows; the three ``StubCatalogClient/sampleEntries`` when `nil`.
        public var entries: [CatalogEntry]?
        /// The call (counted from 1, over the client's life) from which every call fails with
        /// `CatalogUnavailable`: 1 for a catalog that is down, 2 for one that goes down after its
        /// first answer; `nil` for one that never does.
        public var failingFromCall: Int?

        /// A configuration.
        public init(entries: [CatalogEntry]? = nil, failingFromCall: Int? = nil) {
            self.entries = entries
            self.failingFromCall = failingFromCall
        }
    }

    /// The entries it knows, by ISBN.
    public let entries: [String: CatalogEntry]

    /// The call from which it fails; `nil` for never.
    private let failingFromCall: Int?

    /// How many calls it has answered or refused.
    private let calls = Calls()

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

    /// Creates a catalog that knows `entries` and fails from call `failingFromCall` on, if given.
    public init(entries: [CatalogEntry] = StubCatalogClient.sampleEntries, failingFromCall: Int? = nil) {
        // The last entry of an ISBN wins: a test's list is data, not the program's invariant.
        self.entries = Dictionary(entries.map { ($0.isbn, $0) }, uniquingKeysWith: { _, last in last })
        self.failingFromCall = failingFromCall
    }

    /// Creates a catalog as `configuration` says; the three sample books for `nil`.
    public init(_ configuration: Configuration?) {
        self.init(
            entries: configuration?.entries ?? Self.sampleEntries, failingFromCall: configuration?.failingFromCall)
    }

    /// The catalog's entry for an ISBN, or `nil` when the catalog has none.
    public func entry(isbn: String) async throws -> CatalogEntry? {
        let call = calls.next()
        if let failingFromCall, call >= failingFromCall {
            throw CatalogUnavailable(reason: "the stub catalog is down (call \(call))")
        }
        return entries[isbn]
    }

    /// The count of calls, shared by the copies of one client.
    private final class Calls: Sendable {
        private let count = Mutex(0)

        func next() -> Int {
            count.withLock {
                $0 += 1
                return $0
            }
        }
    }

    /// What the `catalogFailingToClose` stub's teardown throws, to see a failed shutdown.
    public struct CloseFailed: Error, CustomStringConvertible {
        /// Creates the error.
        public init() {}

        /// Says that the stub refused.
        public var description: String { "the stub catalog refuses to close" }
    }
}

#endif
