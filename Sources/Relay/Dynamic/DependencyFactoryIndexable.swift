/// A factory an instruction can name: it receives the container it is registered in and returns
/// an instance of the instruction's type.
///
/// A closure literal is one: `{ _ in StubBackend() }`. Its result is checked against the
/// instruction's type when it is resolved; a ``TypedDependencyFactory`` is checked earlier, when
/// the instruction is applied.
public typealias DependencyFactory = @Sendable (DependencyContainer) throws -> Any

/// A list of factories that instructions may name, each under a ``DependencyFactoryKey``.
///
/// ```swift
/// struct StubFactoryIndex: DependencyFactoryIndexable {
///     let index: [DependencyFactoryKey: DependencyFactory] = [
///         .inMemoryStore: { _ in InMemoryBookStore() },
///     ]
/// }
/// ```
public protocol DependencyFactoryIndexable {
    /// The factories, by key.
    var index: [DependencyFactoryKey: DependencyFactory] { get }
}
