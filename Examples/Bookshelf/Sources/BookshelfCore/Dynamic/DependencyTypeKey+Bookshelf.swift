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
