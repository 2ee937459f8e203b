import BookshelfCore
import Relay
import RelayVapor
import Vapor

/// Turns every error into the shelf's answer, as the Hummingbird front end does: an invalid book
/// 400, an unavailable catalog 502, Vapor's own errors (404, a bad body) with their status, and a
/// dependency that cannot be resolved a generic 500 whose diagnosis goes to the log. The body is
/// `{"error":{"message":"…"}}` from either front end.
struct ErrorAnswerMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch {
            let log = try? await request.resolve(RequestLog.self)
            let answer: ErrorAnswer
            if let domain = ErrorAnswer(for: error, requestID: log?.id) {
                answer = domain
            } else if let abort = error as? any AbortError {
                answer = ErrorAnswer(status: Int(abort.status.code), message: abort.reason)
            } else {
                answer = ErrorAnswer(
                    status: 500, message: "internal error (request \(log?.id ?? "unknown"))", isInternal: true)
            }
            if answer.isInternal {
                // The diagnosis (types, resolution path, how to fix) is for the server's log; the
                // client learns only that it was not its fault, and which request to look for.
                (log?.logger ?? request.logger).error("Internal error: \(error)")
            }
            return Response(
                status: HTTPResponseStatus(statusCode: answer.status),
                headers: ["Content-Type": "application/json; charset=utf-8"],
                body: .init(string: answer.body))
        }
    }
}
