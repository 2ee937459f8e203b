// Debug builds only: a release build compiles this target empty, so no stub ships.
#if DEBUG
public import Relay

extension DependencyFactoryKey {
    /// An empty ``InMemoryBookStore``: `factory=inMemoryBookStore`.
    public static let inMemoryBookStore: DependencyFactoryKey = "inMemoryBookStore"
    /// A ``FixedClock`` at 2024-03-01T09:30:00Z, or at the date the test configures
    /// (``FixedClock/Configuration``): `factory=fixedClock`.
    public static let fixedClock: DependencyFactoryKey = "fixedClock"
    /// A ``SequentialIDGenerator`` (`book-1`, `book-2`, …): `factory=sequentialIDs`.
    public static let sequentialIDs: DependencyFactoryKey = "sequentialIDs"
    /// A ``StubCatalogClient`` that knows three books, or the books the test configures, and fails
    /// from the call the test says (``StubCatalogClient/Configuration``): `factory=stubCatalog`.
    public static let stubCatalog: DependencyFactoryKey = "stubCatalog"
    /// An ``AnsweredCatalogClient``, whose lookups the test answers (RelayTesting's `StubAnswers`):
    /// `factory=answeredCatalog`.
    public static let answeredCatalog: DependencyFactoryKey = "answeredCatalog"
    /// A ``SpiedCatalogClient`` around the program's own catalog client, whose lookups the test
    /// answers or lets through: `factory=spiedCatalog`.
    public static let spiedCatalog: DependencyFactoryKey = "spiedCatalog"
    /// A ``StubCatalogClient`` whose teardown fails at shutdown: `factory=catalogFailingToClose`.
    public static let catalogFailingToClose: DependencyFactoryKey = "catalogFailingToClose"
}
#endif
