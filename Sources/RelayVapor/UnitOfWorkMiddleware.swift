#if VaporSupport
public import Relay
public import Vapor

/// Opens a unit of work for each request: everything registered
/// ``Relay/LifecycleType/unitOfWork`` is built once for the request, on first use, and torn down
/// when the request no longer needs it.
///
/// Add it first, so that every later middleware and route runs inside the unit:
///
/// ```swift
/// app.middleware.use(UnitOfWorkMiddleware(container: .global), at: .beginning)
/// app.get("books") { request in
///     try await request.resolve(Shelf.self).books()
/// }
/// ```
///
/// The unit follows Relay's one request-unit policy (``Relay/RequestUnitOfWork``), as
/// `RelayHummingbird` does:
/// - a responder throws: the unit ends, awaited, before the error goes on to the middleware
///   before this one;
/// - a body streamed with ``Vapor/Request/unitOfWorkStream(count:_:)``: the unit ends after its
///   last byte, or after writing it failed (a client that went away mid-stream);
/// - any other body: the unit ends when the responder returns. Vapor has no hook for "the response
///   has been written", so a buffered body's unit ends just before the body is sent (the body is
///   complete by then), and a body streamed any other way runs after the unit has ended, where a
///   unit-of-work resolve throws ``Relay/DependencyResolutionError`` code `unitOfWorkEnded`;
/// - a streamed response that is never written (the client disconnected, a middleware before this
///   one replaced it): the unit ends once the request and its body are released, in a task the
///   container tracks (its `shutdown()` awaits it), while the program runs.
///
/// A teardown that throws is logged with the request's logger (`request.logger`) at `error`, its
/// message the failure's description, and the answer is sent all the same.
public struct UnitOfWorkMiddleware: AsyncMiddleware {
    /// The container whose unit-of-work registrations each request gets.
    public let container: DependencyContainer

    /// Creates the middleware.
    ///
    /// It reads the `Relay-Session` header of each request, and declares so
    /// (``Relay/DependencySession/declareReader(_:in:)``): a driver test may then open sessions in
    /// the program. Relay decides what the header names
    /// (``Relay/DependencySession/session(forHeaderValues:in:)``); a name that names no open session
    /// is answered at once, 400 Bad Request with the reason (`{"error":true,"reason":"…"}`, as
    /// Vapor answers an `Abort`), never from the program's wiring or another session's.
    ///
    /// - Parameter container: Where requests resolve from. Defaults to
    ///   ``Relay/DependencyContainer/global``.
    public init(container: DependencyContainer = .global) {
        self.container = container
        DependencySession.declareReader("RelayVapor's UnitOfWorkMiddleware", in: container)
    }

    /// Runs the rest of the chain inside a new unit of work, then ends the unit (or leaves it to
    /// the streamed body that ends it).
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - next: The rest of the chain.
    /// - Returns: The rest of the chain's response.
    /// - Throws: What the rest of the chain threw, once the unit has ended.
    public func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let session: DependencySession?
        do {
            session = try DependencySession.session(
                forHeaderValues: request.headers[DependencySession.headerName], in: container)
        } catch {
            // A name that names no open session: never another session's wiring, nor the program's.
            // Answered here, as Vapor's error middleware answers an `Abort`: this middleware runs
            // first, so no error middleware would catch a throw, and Vapor would close the
            // connection without an answer.
            return try await SessionRefusal(reason: error.description).encodeResponse(status: .badRequest, for: request)
        }
        // Lines written for a session's work carry it, teardown failures included: a driver test
        // is shown its own lines.
        if let session { request.logger[metadataKey: DependencySession.logMetadataKey] = .string(session.name) }
        let logger = request.logger
        let requestUnit = RequestUnitOfWork(container: container, session: session) { failure in
            logger.error("\(failure)")
        }
        let stored = StoredRequestUnit(requestUnit)
        request.storage[StoredRequestUnit.Key.self] = stored
        let response = try await requestUnit.respond { try await next.respond(to: request) }
        await requestUnit.endUnlessHandedToBody()
        return response
    }
}

/// The body of a refused session name: `{"error":true,"reason":"…"}`, as Vapor's error middleware
/// writes an `Abort`'s.
private struct SessionRefusal: Content {
    var error = true
    let reason: String
}
#endif
