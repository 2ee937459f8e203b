import Hummingbird
import Relay

/// Turns the shelf's errors into HTTP answers: an invalid book is 400, an unavailable catalog 502,
/// and a dependency that cannot be resolved 500 with Relay's explanation.
struct DomainErrorMiddleware: RouterMiddleware {
    typealias Context = BookshelfRequestContext

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as InvalidBook {
            throw HTTPError(.badRequest, message: error.reason)
        } catch let error as CatalogUnavailable {
            throw HTTPError(.badGateway, message: error.description)
        } catch let error as DependencyResolutionError {
            throw HTTPError(.internalServerError, message: "\(error)")
        }
    }
}
