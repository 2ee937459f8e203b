/// A type key that knows the type it names, so that the compiler checks an instruction built from
/// it: a ``TypedDependencyFactoryKey`` for another type does not pair with it.
///
/// A program's stubs target declares each typed key beside the string key it wraps (one spelling of
/// the tag), and its tests build instructions with
/// ``DependencyInstructionLaunchArgument/init(replacing:with:scope:lifecycle:)-(_,TypedDependencyFactoryKey<Service,Never>,_,_)``:
///
/// ```swift
/// // Beside `extension DependencyTypeKey { static let clock: DependencyTypeKey = "clock" }`:
/// extension TypedDependencyTypeKey<any Clock> {
///     static var clock: Self { Self(.clock) }
/// }
/// ```
///
/// (Swift keeps no stored static property in a generic type: the typed key is a computed one.)
/// That the tag names the same type in the program's index is checked before a launch, by
/// RelayTesting's launcher, and in the program.
public struct TypedDependencyTypeKey<Service>: Hashable, Sendable, CustomStringConvertible {
    /// The key as instructions write it.
    public let key: DependencyTypeKey

    /// Wraps a type key.
    ///
    /// - Parameter key: The key, which the program's type index maps to `Service`.
    public init(_ key: DependencyTypeKey) {
        self.key = key
    }

    /// The key's tag.
    public var description: String { key.tag }
}
