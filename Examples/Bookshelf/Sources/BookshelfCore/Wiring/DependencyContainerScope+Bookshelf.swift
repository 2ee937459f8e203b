public import Relay

extension DependencyContainerScope {
    /// The scope of `POST /books/import`: its own shelf, and a catalog client that remembers
    /// answers for the length of one import. An instruction with `scope=bulkImport` changes
    /// imports only.
    public static let bulkImport = DependencyContainerScope("bulkImport")
}
