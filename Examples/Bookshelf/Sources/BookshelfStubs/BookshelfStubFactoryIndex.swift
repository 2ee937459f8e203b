// Debug builds only: a release build compiles this target empty, so no stub ships.
#if DEBUG
import BookshelfCore
import Foundation
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
        // The date, and the catalog's books and failures, may come from the test.
        .fixedClock: TypedDependencyFactory((any WallClock).self, configuration: FixedClock.Configuration?.self) {
            _, configuration in FixedClock(date: configuration?.date ?? FixedClock.defaultDate)
        },
        .sequentialIDs: TypedDependencyFactory((any IDGenerator).self) { _ in SequentialIDGenerator() },
        .stubCatalog: TypedDependencyFactory(
            (any BookCatalogClient).self, configuration: StubCatalogClient.Configuration?.self
        ) { _, configuration in StubCatalogClient(configuration) },
        // Its lookups are answered by the test, which sees what the program asked.
        .answeredCatalog: .answeredByTest((any BookCatalogClient).self) { calls in AnsweredCatalogClient(calls: calls)
        },
        // Around the program's own catalog: the test answers the lookups it chooses, sees them all.
        .spiedCatalog: .spiedByTest((any BookCatalogClient).self) { calls, real in
            SpiedCatalogClient(calls: calls, real: real)
        },
        .catalogFailingToClose: TypedDependencyFactory((any BookCatalogClient).self) { _ in
            StubCatalogClient()
        } teardown: { _ in
            // Said before it throws, so a driver can see where in the shutdown it ran.
            FileHandle.standardError.write(Data("bookshelf stub: the catalog refuses to close\n".utf8))
            throw StubCatalogClient.CloseFailed()
        },
    ]
}
#endif
