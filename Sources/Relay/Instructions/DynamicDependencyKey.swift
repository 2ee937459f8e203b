/// A string tag that names an abstract type or a concrete factory in a ``DynamicDependencyIndex``.
///
/// (Named `DynamicDependencyKey` rather than `DependencyKey` so that a file may import Relay and
/// swift-dependencies, whose `DependencyKey` protocol is unrelated, without qualifying either.)
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
public struct DynamicDependencyKey<Role: DynamicDependencyKeyRole>: Hashable, Comparable, Sendable,
    CustomStringConvertible,
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

/// What a ``DynamicDependencyKey`` names: an abstract type or a factory.
public protocol DynamicDependencyKeyRole: Sendable {
    /// The role's name in messages: `type` or `factory`.
    static var noun: String { get }
}

/// The role of keys that name abstract types.
public enum DependencyTypeRole: DynamicDependencyKeyRole {
    /// `type`.
    public static let noun = "type"
}

/// The role of keys that name concrete factories.
public enum DependencyFactoryRole: DynamicDependencyKeyRole {
    /// `factory`.
    public static let noun = "factory"
}

/// The key of an abstract type (usually a protocol) in a ``DynamicDependencyIndex``.
public typealias DependencyTypeKey = DynamicDependencyKey<DependencyTypeRole>

/// The key of a concrete factory in a ``DynamicDependencyIndex``.
public typealias DependencyFactoryKey = DynamicDependencyKey<DependencyFactoryRole>
