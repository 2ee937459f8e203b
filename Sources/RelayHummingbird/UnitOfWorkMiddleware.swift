#if HummingbirdSupport
public import Hummingbird
import Logging
public import Relay

/// Opens a unit of work for each request, and ends it once the response body has been written.
///
/// Every ``LifecycleType/unitOfWork`` registration that the request resolves (through its context,
/// or from the container anywhere in the handler's task) has one instance for the request, torn
/// down when the response is complete, also when the handler throws, and only after a streamed
/// body has been written: the body may use the unit's instances until its last byte.
///
/// ```swift
/// let router = Router(context: AppRequestContext.self)
/// router.add(middleware: UnitOfWorkMiddleware(container: .global))   // first
/// router.get("orders") { request, context in
///     try await context.resolve(OrderService.self).list()             // this request's transaction
/// }
/// ```
///
/// Add it before the middleware that could replace a response: a response it produced and another
/// middleware then dropped is never written, and its unit would end only with the process. A
/// teardown that throws is logged with the request's logger at `error`; the response is already
/// on its way.
public struct UnitOfWorkMiddleware<Context: UnitOfWorkRequestContext>: RouterMiddleware {
    /// The container the units are opened on.
    public let container: DependencyContainer

    /// A middleware that opens each request's unit on `container`.
    ///
    /// - Parameter container: Where the units' instances are registered.
    public init(container: DependencyContainer = .global) {
        self.container = container
    }

    /// Runs the rest of the chain in a new unit, and hands back a response whose body ends it.
    public func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let unit = container.openUnitOfWork()
        var context = context
        context.unitOfWork = unit
        let logger = context.logger
        var response: Response
        do {
            response = try await unit.run { try await next(request, context) }
        } catch {
            await Self.close(unit, logger: logger)
            throw error
        }
        let body = response.body
        response.body = ResponseBody(contentLength: body.contentLength) { writer in
            do {
                try await unit.run { try await body.write(writer) }
            } catch {
                await Self.close(unit, logger: logger)
                throw error
            }
            await Self.close(unit, logger: logger)
        }
        return response
    }

    /// Ends `unit`, logging teardowns that threw: the request is answered by then.
    private static func close(_ unit: UnitOfWork, logger: Logger) async {
        do {
            try await unit.close()
        } catch {
            logger.error("Closing the request's unit of work failed: \(error)")
        }
    }
}
#endif
