import Relay

/// The dependency the program calls: it hands an entry over and gets one back. In the program the
/// test launches, an instruction swaps in ``AnsweredCatalogEcho``, whose calls the test answers.
protocol CatalogEcho: Sendable {
    func echo(_ entry: CatalogEntry) async throws -> CatalogEntry
}

/// The real one, in process: what the program registers before reading instructions.
struct LocalCatalogEcho: CatalogEcho {
    func echo(_ entry: CatalogEntry) async throws -> CatalogEntry { entry }
}

/// The stub the test answers: one line per method, as a program's stubs are written.
struct AnsweredCatalogEcho: CatalogEcho {
    let calls: StubCalls

    func echo(_ entry: CatalogEntry) async throws -> CatalogEntry { try await calls.call("echo", entry) }
}

extension DependencyTypeKey {
    /// ``CatalogEcho``: `type=catalogEcho`.
    static let catalogEcho: DependencyTypeKey = "catalogEcho"
}

extension DependencyFactoryKey {
    /// ``AnsweredCatalogEcho``: `factory=answeredCatalogEcho`.
    static let answeredCatalogEcho: DependencyFactoryKey = "answeredCatalogEcho"
}

/// The type keys the program's instructions may name.
struct CatalogEchoTypeIndex: DependencyTypeIndexable {
    let index: [DependencyTypeKey: Any.Type] = [.catalogEcho: (any CatalogEcho).self]
}

/// The factories the program's instructions may name.
struct CatalogEchoFactoryIndex: TypedDependencyFactoryIndexable {
    let index: [DependencyFactoryKey: TypedDependencyFactory] = [
        .answeredCatalogEcho: .answeredByTest((any CatalogEcho).self) { calls in AnsweredCatalogEcho(calls: calls) }
    ]
}
