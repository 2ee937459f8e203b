// Debug builds only: a release build compiles this target empty, so no stub ships.
#if DEBUG
public import Relay

extension DependencyTypeKey {
    /// ``BookStore``: `type=bookStore`.
    public static let bookStore: DependencyTypeKey = "bookStore"
    /// ``WallClock``: `type=clock`.
    public static let clock: DependencyTypeKey = "clock"
    /// ``IDGenerator``: `type=idGenerator`.
    public static let idGenerator: DependencyTypeKey = "idGenerator"
    /// ``BookCatalogClient``: `type=catalogClient`.
    public static let catalogClient: DependencyTypeKey = "catalogClient"
}
#endif
