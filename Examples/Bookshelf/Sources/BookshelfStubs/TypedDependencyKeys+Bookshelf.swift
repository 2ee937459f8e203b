// Debug builds only: a release build compiles this target empty, so no stub ships.
#if DEBUG
public import BookshelfCore
public import Relay

// The keys of DependencyTypeKey+Bookshelf.swift and DependencyFactoryKey+Bookshelf.swift, with the
// types they stand for, so that a test's instruction is checked by the compiler: a factory paired
// with another type, or given a configuration of the wrong type, does not compile.
//
//     DependencyInstructionLaunchArgument(replacing: .clock, with: .fixedClock, configuration: someConfiguration)

extension TypedDependencyTypeKey<any BookStore> {
    /// `type=bookStore`.
    public static var bookStore: Self { Self(.bookStore) }
}

extension TypedDependencyTypeKey<any WallClock> {
    /// `type=clock`.
    public static var clock: Self { Self(.clock) }
}

extension TypedDependencyTypeKey<any IDGenerator> {
    /// `type=idGenerator`.
    public static var idGenerator: Self { Self(.idGenerator) }
}

extension TypedDependencyTypeKey<any BookCatalogClient> {
    /// `type=catalogClient`.
    public static var catalogClient: Self { Self(.catalogClient) }
}

extension TypedDependencyFactoryKey<any BookStore, Never> {
    /// ``InMemoryBookStore``: `factory=inMemoryBookStore`.
    public static var inMemoryBookStore: Self { Self(.inMemoryBookStore) }
}

extension TypedDependencyFactoryKey<any WallClock, FixedClock.Configuration?> {
    /// ``FixedClock``, at the date a configuration gives: `factory=fixedClock`.
    public static var fixedClock: Self { Self(.fixedClock) }
}

extension TypedDependencyFactoryKey<any IDGenerator, Never> {
    /// ``SequentialIDGenerator``: `factory=sequentialIDs`.
    public static var sequentialIDs: Self { Self(.sequentialIDs) }
}

extension TypedDependencyFactoryKey<any BookCatalogClient, StubCatalogClient.Configuration?> {
    /// ``StubCatalogClient``, with the books and failures a configuration gives: `factory=stubCatalog`.
    public static var stubCatalog: Self { Self(.stubCatalog) }
}

extension TypedDependencyFactoryKey<any BookCatalogClient, Never> {
    /// ``AnsweredCatalogClient``, whose lookups the test answers: `factory=answeredCatalog`.
    public static var answeredCatalog: Self { Self(.answeredCatalog) }
    /// ``SpiedCatalogClient``, around the program's own catalog: `factory=spiedCatalog`.
    public static var spiedCatalog: Self { Self(.spiedCatalog) }
    /// A ``StubCatalogClient`` whose teardown fails: `factory=catalogFailingToClose`.
    public static var catalogFailingToClose: Self { Self(.catalogFailingToClose) }
}
#endif
