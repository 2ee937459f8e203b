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
