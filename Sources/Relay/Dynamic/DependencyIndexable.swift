/// A list of abstract types that instructions may name, each under a ``DependencyTypeKey``.
///
/// It registers nothing; ``DynamicDependencyIndex/add(_:)-(DependencyTypeIndexable)`` makes the
/// types known. One type may appear under several keys (aliases).
///
/// ```swift
/// struct BookshelfTypeIndex: DependencyTypeIndexable {
///     let index: [DependencyTypeKey: Any.Type] = [
///         .bookStore: (any BookStore).self,
///         .clock: (any Clock).self,
///     ]
/// }
/// ```
public protocol DependencyTypeIndexable {
    /// The types, by key.
    var index: [DependencyTypeKey: Any.Type] { get }
}

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

/// A list of factories that state the type they produce, so that an instruction pairing one with
/// the wrong type fails when it is applied, before the program starts work.
///
/// ```swift
/// struct StubFactoryIndex: TypedDependencyFactoryIndexable {
///     let index: [DependencyFactoryKey: TypedDependencyFactory] = [
///         .inMemoryStore: TypedDependencyFactory((any BookStore).self) { _ in InMemoryBookStore() },
///         .fixedClock: TypedDependencyFactory((any Clock).self) { _ in FixedClock() },
///     ]
/// }
/// ```
public protocol TypedDependencyFactoryIndexable {
    /// The factories, by key.
    var index: [DependencyFactoryKey: TypedDependencyFactory] { get }
}
