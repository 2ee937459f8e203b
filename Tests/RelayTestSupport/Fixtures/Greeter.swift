// Small services that the container tests register and resolve.

/// A class-bound service with several implementations, for named registrations and `resolveAll`.
public protocol Greeter: AnyObject, Sendable {
    /// What this greeter says.
    var greeting: String { get }
}

/// A greeter that says "hello".
public final class EnglishGreeter: Greeter {
    /// "hello".
    public let greeting = "hello"

    /// A new instance, distinct from every other: tests compare identities.
    public init() {}
}

/// A greeter that says "bonjour".
public final class FrenchGreeter: Greeter {
    /// "bonjour".
    public let greeting = "bonjour"

    /// A new instance, distinct from every other: tests compare identities.
    public init() {}
}

/// A greeter that says what it is told, to tell registrations apart.
public final class NamedGreeter: Greeter {
    /// The text it was made with.
    public let greeting: String

    /// A greeter that says `greeting`.
    public init(_ greeting: String) { self.greeting = greeting }
}
