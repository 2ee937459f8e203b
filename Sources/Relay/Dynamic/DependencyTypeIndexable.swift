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
