/// The name of a container one layer below the global container.
///
/// A scope groups registrations that differ from the global ones for one use case. Resolving in a
/// scoped container looks in the scope first and falls back to the global container of the same
/// root.
///
/// Declare scopes once, as static members, so call sites read well:
///
/// ```swift
/// extension DependencyContainerScope {
///     static let checkout = DependencyContainerScope("checkout")
/// }
///
/// DependencyContainer.container(for: .checkout).register(Clock.self) { _ in FixedClock() }
/// ```
public struct DependencyContainerScope: Hashable, Sendable, CustomStringConvertible {
    /// The scope's name, as written in instructions (`scope=checkout`).
    public let tag: String

    /// Creates a scope with the given name.
    ///
    /// - Parameter tag: The scope's name. `"global"` names the global container itself.
    public init(_ tag: String) {
        self.tag = tag
    }

    /// The global container's own scope.
    public static let global = DependencyContainerScope("global")

    /// Whether this scope is the global container rather than a scope below it.
    public var isGlobal: Bool { self == .global }

    /// The scope's tag.
    public var description: String { tag }
}

extension DependencyContainerScope: ExpressibleByStringLiteral {
    /// Creates a scope from a string literal: `let scope: DependencyContainerScope = "checkout"`.
    public init(stringLiteral value: String) {
        self.init(value)
    }
}
