/// The upstream catalog could not answer; the shelf answers 502 Bad Gateway with this reason.
public struct CatalogUnavailable: Error, Sendable, Codable, CustomStringConvertible {
    /// What went wrong, as in "GET http://…/isbn/123.json failed: connection refused".
    public let reason: String

    /// Creates the error.
    public init(reason: String) {
        self.reason = reason
    }

    /// The message.
    public var description: String { "catalog unavailable: \(reason)" }
}
