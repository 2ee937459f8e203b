public import Foundation
public import Hummingbird

/// The request context of the shelf's routes: Hummingbird's basic context, with JSON written in a
/// stable form (sorted keys, ISO 8601 dates, slashes unescaped) so responses compare byte for byte.
public struct BookshelfRequestContext: RequestContext {
    /// Hummingbird's per-request storage.
    public var coreContext: CoreRequestContextStorage

    /// Creates the context for a request.
    public init(source: Source) {
        coreContext = .init(source: source)
    }

    /// JSON with sorted keys, ISO 8601 dates and unescaped slashes.
    public var responseEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
