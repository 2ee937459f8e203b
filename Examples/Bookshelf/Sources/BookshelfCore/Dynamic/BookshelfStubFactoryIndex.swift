public import Relay

/// The stubs the driver tests inject, by factory key.
///
/// Each factory states the type it produces, so an instruction that pairs a factory with the
/// wrong type (`type=clock,factory=stubCatalog`) fails at start-up.
///
/// ```swift
/// try DynamicDependencyIndex.shared.add(BookshelfStubFactoryIndex())
/// ```
public struct BookshelfStubFactoryIndex: TypedDependencyFactoryIndexable {
    /// Creates the index.
    public init() {}

    /// The factories, by key.
    public let index: [DependencyFactoryKey: TypedDependencyFactory] = [
        .inMemoryBookStore: TypedDependencyFactory((any BookStore).self) { _ in InMemoryBookStore() },
        .fixedClock: TypedDependencyFactory((any WallClock).self) { _ in FixedClock() },
        .sequentialIDs: TypedDependencyFactory((any IDGenerator).self) { _ in SequentialIDGenerator() },
        .stubCatalog: TypedDependencyFactory((any BookCatalogClient).self) { _ in StubCatalogClient() },
        .unavailableCatalog: TypedDependencyFactory((any BookCatalogClient).self) { _ in UnavailableCatalogClient() },
    ]
}
