import BookshelfCore
public import Foundation
public import Hummingbird
public import Relay
public import RelayHummingbird

/// The request context of the shelf's routes: Hummingbird's basic context, with JSON written in a
/// stable form (sorted keys, ISO 8601 dates, slashes unescaped) so responses compare byte for byte.
public struct BookshelfRequestContext: UnitOfWorkRequestContext {
    /// Hummingbird's per-request storage.
    public var coreContext: CoreRequestContextStorage

    /// The request's unit of work, which `UnitOfWorkMiddleware` opens: its `RequestLog` and
    /// anything else registered `.unitOfWork` is this request's.
    public var unitOfWork: UnitOfWork?

    /// Creates the context for a request.
    public init(source: Source) {
        coreContext = .init(source: source)
    }

    /// JSON with sorted keys, ISO 8601 dates and unescaped slashes.
    public var responseEncoder: JSONEncoder {
        BookshelfJSON.encoder
    }
}
