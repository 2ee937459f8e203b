/// A factory key that knows what its factory produces and the configuration it takes, so that the
/// compiler checks an instruction built from it: it pairs only with a ``TypedDependencyTypeKey`` of
/// the type it produces, and with a configuration of its type.
///
/// `Configuration` is `Never` for a factory that takes none, and an optional for one whose
/// configuration may be left out:
///
/// ```swift
/// extension TypedDependencyFactoryKey<any BookStore, Never> {
///     static var inMemoryBookStore: Self { Self(.inMemoryBookStore) }
/// }
/// extension TypedDependencyFactoryKey<any Clock, FixedClockConfiguration?> {
///     static var fixedClock: Self { Self(.fixedClock) }
/// }
/// ```
///
/// That the tag names a factory of these types in the program's index is checked before a launch,
/// by RelayTesting's launcher, and in the program.
public struct TypedDependencyFactoryKey<Service, Configuration>: Hashable, Sendable, CustomStringConvertible {
    /// The key as instructions write it.
    public let key: DependencyFactoryKey

    /// Wraps a factory key.
    ///
    /// - Parameter key: The key, whose factory in the program's index produces `Service` and takes
    ///   `Configuration` (`Never` for none).
    public init(_ key: DependencyFactoryKey) {
        self.key = key
    }

    /// The key's tag.
    public var description: String { key.tag }
}
