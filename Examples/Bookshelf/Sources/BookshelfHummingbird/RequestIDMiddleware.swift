import BookshelfCore
import HTTPTypes
import Hummingbird
import Logging
import Relay
import RelayHummingbird

/// Names each request: answers with its `X-Request-ID`, failed requests too, and logs when it
/// begins. The ID comes from the request's `RequestLog`, the unit-of-work instance that every log
/// line of the request shares.
struct RequestIDMiddleware: RouterMiddleware {
    typealias Context = BookshelfRequestContext

    static let header: HTTPField.Name = {
        // A constant that is a valid field name: the check cannot fail.
        guard let name = HTTPField.Name("X-Request-ID") else { preconditionFailure("X-Request-ID is a field name") }
        return name
    }()

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let log = try await context.resolve(RequestLog.self)
        log.logger.debug("request \(log.id) began: \(request.method) \(request.uri.path)")
        do {
            var response = try await next(request, context)
            response.headers[Self.header] = log.id
            return response
        } catch let error as HTTPError {
            var headers = error.headers
            headers[Self.header] = log.id
            throw HTTPError(error.status, headers: headers, message: error.body)
        }
    }
}
