// Debug builds only: a release build compiles this target empty, so no stub ships.
#if DEBUG
import BookshelfCore
public import Relay

/// The types a dependency instruction may name in this program.
///
/// ```swift
/// try DynamicDependencyIndex.shared.add(BookshelfTypeIndex())
/// ```
public struct BookshelfTypeIndex: DependencyTypeIndexable {
    /// Creates the index.
    public init() {}

    /// The types, by key.
    public let index: [DependencyTypeKey: Any.Type] = [
        .bookStore: (any BookStore).self,
        .clock: (any WallClock).self,
        .idGenerator: (any IDGenerator).self,
        .catalogClient: (any BookCatalogClient).self,
    ]
}
#endif
