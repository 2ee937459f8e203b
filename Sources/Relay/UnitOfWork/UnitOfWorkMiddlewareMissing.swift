/// A route resolved from its request's unit of work, but no middleware opened one: thrown by the
/// HTTP integrations (`RelayHummingbird`, `RelayVapor`), each with its own remedy.
///
/// ```
/// A route resolved 'Shelf' from its request's unit of work, but the request has none: add
/// UnitOfWorkMiddleware(container:) to the router before the route
/// ```
public struct UnitOfWorkMiddlewareMissing: Error, CustomStringConvertible, Sendable {
    /// The type the route asked for.
    public let requestedType: String

    /// What to add, in the integration's terms.
    public let remedy: String

    /// The error for a route that resolved `requestedType`.
    ///
    /// - Parameters:
    ///   - requestedType: The type the route asked for.
    ///   - remedy: What to add, in the integration's terms.
    public init(requestedType: String, remedy: String) {
        self.requestedType = requestedType
        self.remedy = remedy
    }

    /// What happened, and the fix.
    public var description: String {
        "A route resolved '\(requestedType)' from its request's unit of work, but the request has none: \(remedy)"
    }
}
