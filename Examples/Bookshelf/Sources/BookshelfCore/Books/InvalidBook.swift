/// A book that cannot go on the shelf; the reason is shown to the client with status 400.
public struct InvalidBook: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, as in "title must not be blank".
    public let reason: String

    /// Creates the error.
    public init(reason: String) {
        self.reason = reason
    }

    /// The message.
    public var description: String { reason }
}
