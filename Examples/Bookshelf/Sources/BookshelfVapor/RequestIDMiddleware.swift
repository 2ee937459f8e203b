import BookshelfCore
import Relay
import RelayVapor
import Vapor

/// Names each request: answers with its `X-Request-ID`, failed requests too (errors are answers
/// by the time they get here), and logs when it begins. The ID comes from the request's
/// `RequestLog`, the unit-of-work instance that every log line of the request shares.
struct RequestIDMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let log = try await request.resolve(RequestLog.self)
        log.logger.debug("request \(log.id) began: \(request.method) \(request.url.path)")
        let response = try await next.respond(to: request)
        response.headers.replaceOrAdd(name: "X-Request-ID", value: log.id)
        return response
    }
}
