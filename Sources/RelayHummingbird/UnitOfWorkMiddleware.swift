#if HummingbirdSupport
public import Hummingbird
import Logging
public import Relay

/// Opens a unit of work for each request, and ends it once the response body has been written.
///
/// Every ``LifecycleType/unitOfWork`` registration that the request resolves (through its context,
/// or from the container anywhere in the handler's task) has one instance for the request. The
/// unit follows Relay's one request-unit policy (``RequestUnitOfWork``), as `RelayVapor` does:
/// - the handler throws: the unit ends, awaited, before the error goes on to the middleware
///   before this one;
/// - the body is written: the unit ends after its last byte, or after writing it failed (a client
///   that went away mid-stream), so a streamed body may use the unit's instances to the end;
/// - the response is never written (the client disconnected before it, or a middleware before
///   this one replaced it): the unit ends as soon as the response is dropped, in a task the
///   container tracks (its `shutdown()` awaits it), while the program runs.
///
/// ```swift
/// let router = Router(context: AppRequestContext.self)
/// router.add(middleware: UnitOfWorkMiddleware(container: .global))   // first
/// router.get("orders") { request, context in
///     try await context.resolve(OrderService.self).list()             // this request's transaction
/// }
/// ```
///
/// Add it first, so that every later middleware and route runs inside the unit. A teardown that
/// throws is logged with the request's logger (`context.logger`) at `error`, its message the
/// failure's description: the response is on its way by then, and nobody else could receive it.
public struct UnitOfWorkMiddleware<Context: UnitOfWorkRequestContext>: RouterMiddleware {
    /// The container the units are opened on.
    public let container: DependencyContainer

    /// A middleware that opens each request's unit on `container`.
    ///
    /// It reads the `Relay-Session` header of each request, and declares so
    /// (``Relay/DependencySession/declareReader(_:in:)``): a driver test may then open sessions in
    /// the program.
    ///
    /// - Parameter container: Where the units' instances are registered.
    public init(container: DependencyContainer = .global) {
        self.container = container
        DependencySession.declareReader("RelayHummingbird's UnitOfWorkMiddleware", in: container)
    }

    /// Runs the rest of the chain in a new unit, and hands back a response whose body ends it.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - context: The request's context; the rest of the chain gets it with its
    ///     ``UnitOfWorkRequestContext/unitOfWork`` set.
    ///   - next: The rest of the chain.
    /// - Returns: The rest of the chain's response, its body written inside the unit.
    /// - Throws: What the rest of the chain threw, once the unit has ended.
    public func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let session = try Self.session(of: request, in: container)
        var context = context
        // Lines written for a session's work carry it, teardown failures included: a driver test
        // is shown its own lines.
        if let session { context.logger[metadataKey: DependencySession.logMetadataKey] = .string(session.name) }
        let logger = context.logger
        let requestUnit = RequestUnitOfWork(container: container, session: session) { failure in
            logger.error("\(failure)")
        }
        context.unitOfWork = requestUnit.unit
        var response = try await requestUnit.respond { [context] in try await next(request, context) }
        let body = response.body
        // The body holds the request's unit until it is written; a body dropped unwritten drops
        // the last reference, and the unit ends then (RequestUnitOfWork's deinit).
        response.body = ResponseBody(contentLength: body.contentLength) { writer in
            try await requestUnit.writeBody { try await body.write(writer) }
        }
        return response
    }

    /// The session the request names in its `Relay-Session` header, when the program takes
    /// sessions (a driver test launched it with a channel); `nil` otherwise. Relay decides
    /// (``Relay/DependencySession/session(forHeaderValues:in:)``); this only reads the header and
    /// answers a refusal.
    ///
    /// - Throws: `HTTPError` 400 for a name that names no open session: never another session's
    ///   wiring, nor the program's, which a test would mistake for its own.
    static func session(of request: Request, in container: DependencyContainer) throws -> DependencySession? {
        do {
            return try DependencySession.session(
                forHeaderValues: request.headers.lazy.filter { $0.name.canonicalName == sessionFieldName }.map(\.value),
                in: container)
        } catch {
            throw HTTPError(.badRequest, message: error.description)
        }
    }
}

/// `relay-session`: ``Relay/DependencySession/headerName`` as a field name compares, without case
/// (the canonical form is lowercase).
private let sessionFieldName = DependencySession.headerName.lowercased()
#endif
