#if VaporSupport
public import Relay
public import Vapor

/// Opens a unit of work for each request: everything registered
/// ``Relay/LifecycleType/unitOfWork`` is built once for the request, on first use, and torn down
/// when the request's answer is ready, also when a responder throws.
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
/// A streamed body is written after the route has returned. Make it with
/// ``Vapor/Request/unitOfWorkStream(count:_:)`` and the unit stays open until its last byte; a body
/// streamed any other way runs after the unit has ended, where a unit-of-work resolve throws
/// ``Relay/DependencyResolutionError`` code `unitOfWorkEnded`.
///
/// A teardown that fails is logged with the request's logger, and the answer is sent all the same.
public struct UnitOfWorkMiddleware: AsyncMiddleware {
    /// The container whose unit-of-work registrations each request gets.
    public let container: DependencyContainer

    /// Creates the middleware.
    ///
    /// - Parameter container: Where requests resolve from. Defaults to
    ///   ``Relay/DependencyContainer/global``.
    public init(container: DependencyContainer = .global) {
        self.container = container
    }

    /// Runs the rest of the chain inside a new unit of work, then ends the unit (or hands it to the
    /// streamed body that ends it).
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - next: The rest of the chain.
    /// - Returns: The rest of the chain's response.
    /// - Throws: What the rest of the chain threw, once the unit has ended.
    public func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let unit = container.openUnitOfWork()
        let handle = RequestUnitOfWork(unit: unit, logger: request.logger)
        request.storage[RequestUnitOfWork.Key.self] = handle
        let response: Response
        do {
            response = try await unit.run { try await next.respond(to: request) }
        } catch {
            await handle.endUnlessStreaming()
            throw error
        }
        await handle.endUnlessStreaming()
        return response
    }
}
#endif
