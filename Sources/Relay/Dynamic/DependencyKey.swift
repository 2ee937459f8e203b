/// A string tag that names an abstract type or a concrete factory in a ``DynamicDependencyIndex``.
///
/// Use the two aliases, ``DependencyTypeKey`` and ``DependencyFactoryKey``, and declare keys once
/// as static members so instructions and drivers share them:
///
/// ```swift
/// extension DependencyTypeKey {
///     static let bookStore: DependencyTypeKey = "bookStore"
/// }
/// extension DependencyFactoryKey {
///     static let inMemoryStore: DependencyFactoryKey = "inMemoryStore"
/// }
/// ```
///
/// A tag travels on a command line inside an instruction, so it cannot contain `,` or `=`;
/// ``LaunchArgumentBuilder/build()`` rejects one that does.
public struct DependencyKey<Role: DependencyKeyRole>: Hashable, Comparable, Sendable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// The key's text, as written in instructions.
    public let tag: String

    /// Creates a key from its text.
    ///
    /// - Parameter tag: The text, as written in instructions.
    public init(_ tag: String) {
        self.tag = tag
    }

    /// Creates a key from a string literal.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The key's tag.
    public var description: String { tag }

    /// Orders keys by tag, so listings of known keys are stable.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.tag < rhs.tag
    }
}

/// What a ``DependencyKey`` names: an abstract type or a factory.
public protocol DependencyKeyRole: Sendable {
    /// The role's name in messages: `type` or `factory`.
    static var noun: String { get }
}

/// The role of keys that name abstract types.
public enum DependencyTypeRole: DependencyKeyRole {
    /// `type`.
    public static let noun = "type"
}

/// The role of keys that name concrete factories.
public enum DependencyFactoryRole: DependencyKeyRole {
    /// `factory`.
    public static let noun = "factory"
}

/// The key of an abstract type (usually a protocol) in a ``DynamicDependencyIndex``.
public typealias DependencyTypeKey = DependencyKey<DependencyTypeRole>

/// The key of a concrete factory in a ``DynamicDependencyIndex``.
public typealias DependencyFactoryKey = DependencyKey<DependencyFactoryRole>
