#if VaporSupport
/// A route resolved from its request's unit of work, but no ``UnitOfWorkMiddleware`` opened one.
public struct UnitOfWorkMiddlewareMissing: Error, CustomStringConvertible {
    /// The type the route asked for.
    public let requestedType: String

    /// What happened, and the fix.
    public var description: String {
        "A route resolved '\(requestedType)' from its request's unit of work, but the request has none: "
            + "add UnitOfWorkMiddleware(container:) to app.middleware (at: .beginning), or call app.useRelay()"
    }
}
#endif
