import BookshelfCore
import Hummingbird
import Logging
import Relay
import RelayHummingbird

/// Turns the shelf's errors into HTTP answers: an invalid book is 400, an unavailable catalog 502,
/// and a dependency that cannot be resolved 500 with Relay's explanation.
struct DomainErrorMiddleware: RouterMiddleware {
    typealias Context = BookshelfRequestContext

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let log = try? await context.resolve(RequestLog.self)
            guard let answer = ErrorAnswer(for: error, requestID: log?.id) else { throw error }
            if answer.isInternal {
                // The diagnosis (types, resolution path, how to fix) is for the server's log; the
                // client learns only that it was not its fault, and which request to look for.
                (log?.logger ?? context.logger).error("Internal error: \(error)")
            }
            throw HTTPError(.init(code: answer.status), message: answer.message)
        }
    }
}
