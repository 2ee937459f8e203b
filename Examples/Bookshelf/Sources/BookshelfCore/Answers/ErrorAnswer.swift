import Foundation
import Relay

/// What a failed request is answered with, the same from either front end: a status and a
/// message for the client.
///
/// A domain error says what the client did wrong; an internal error (a dependency that cannot be
/// resolved) is the server's to diagnose, so its answer names only the request to look for in the
/// server's log.
public struct ErrorAnswer: Equatable, Sendable {
    /// The HTTP status code.
    public var status: Int

    /// The message for the client.
    public var message: String

    /// Whether the error is the server's: log it, with its diagnosis.
    public var isInternal: Bool

    /// Creates an answer.
    public init(status: Int, message: String, isInternal: Bool = false) {
        self.status = status
        self.message = message
        self.isInternal = isInternal
    }

    /// The answer to a domain or internal error; `nil` for an error the front end answers itself
    /// (its own 404s and 400s, say).
    ///
    /// - Parameters:
    ///   - error: What a handler threw.
    ///   - requestID: The request's ID, named in an internal error's answer.
    public init?(for error: any Error, requestID: String?) {
        switch error {
        case let error as InvalidBook:
            self.init(status: 400, message: error.reason)
        case let error as CatalogUnavailable:
            self.init(status: 502, message: error.description)
        case is DependencyResolutionError:
            self.init(status: 500, message: "internal error (request \(requestID ?? "unknown"))", isInternal: true)
        default:
            return nil
        }
    }

    /// The body of an error answer: `{"error":{"message":"…"}}`, as Hummingbird writes its errors.
    public var body: String {
        Self.body(message: message)
    }

    /// The body of an error answer with `message`.
    public static func body(message: String) -> String {
        struct Body: Encodable {
            struct Detail: Encodable { var message: String }
            var error: Detail
        }
        let data = (try? BookshelfJSON.encoder.encode(Body(error: .init(message: message)))) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
