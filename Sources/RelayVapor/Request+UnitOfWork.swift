#if VaporSupport
public import Relay
public import Vapor

extension Request {
    /// The request's unit of work, which ``UnitOfWorkMiddleware`` opened; `nil` without it.
    public var unitOfWork: UnitOfWork? {
        storage[StoredRequestUnit.Key.self]?.requestUnit.unit
    }

    /// Resolves a dependency in the request's unit of work: a ``Relay/LifecycleType/unitOfWork``
    /// registration gives this request's instance, anything else resolves as from the container.
    ///
    /// ```swift
    /// app.get("books") { request in
    ///     try await request.resolve(Shelf.self).books()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to resolve.
    ///   - name: The registration's name, if it has one.
    /// - Returns: The instance.
    /// - Throws: ``Relay/UnitOfWorkMiddlewareMissing`` when no ``UnitOfWorkMiddleware`` ran for the
    ///   request, or what resolving threw (``Relay/DependencyResolutionError``).
    public func resolve<Service>(_ type: Service.Type = Service.self, name: String? = nil) async throws -> Service {
        guard let unitOfWork else { throw Self.middlewareMissing(resolving: type) }
        return try await unitOfWork.resolve(type, name: name)
    }

    /// Resolves a dependency in the request's unit of work, from a synchronous route; see the async
    /// `resolve(_:name:)`, which an async route gets. An async factory cannot run here: resolve it
    /// from an async route.
    ///
    /// - Parameters:
    ///   - type: The type to resolve.
    ///   - name: The registration's name, if it has one.
    /// - Returns: The instance.
    /// - Throws: ``Relay/UnitOfWorkMiddlewareMissing`` when no ``UnitOfWorkMiddleware`` ran for the
    ///   request, or what resolving threw (``Relay/DependencyResolutionError``).
    public func resolve<Service>(_ type: Service.Type = Service.self, name: String? = nil) throws -> Service {
        guard let unitOfWork else { throw Self.middlewareMissing(resolving: type) }
        return try unitOfWork.resolve(type, name: name)
    }

    /// A streamed body that is written inside the request's unit of work, which ends after the
    /// body's last byte (or its failure) instead of when the route returns.
    ///
    /// ```swift
    /// app.get("books", "export") { request in
    ///     let shelf = try await request.resolve(Shelf.self)
    ///     return Response(body: request.unitOfWorkStream { writer in
    ///         for book in try await shelf.books() { try await writer.writeBuffer(line(for: book)) }
    ///     })
    /// }
    /// ```
    ///
    /// The stream always ends as Vapor requires, whatever `write` does: when `write` throws (a
    /// client that went away mid-stream makes `writeBuffer` throw), the stream ends with
    /// `.error`; when it returns without ending the stream, with `.end`. `write` may still end it
    /// itself (`try await writer.write(.end)`); a stream that has ended is not ended again. No
    /// client can stop the server by leaving in the middle of a body.
    ///
    /// Without ``UnitOfWorkMiddleware`` (no unit), the body is written as it is, and ended the same
    /// way. A route makes one such body per request; a second one is written outside the unit.
    ///
    /// - Parameters:
    ///   - count: The body's length in bytes, or `-1` (the default) when unknown.
    ///   - write: Writes the body; it need not end the stream.
    /// - Returns: The body.
    public func unitOfWorkStream(
        count: Int = -1,
        _ write: @escaping @Sendable (any AsyncBodyStreamWriter) async throws -> Void
    ) -> Response.Body {
        guard let requestUnit = storage[StoredRequestUnit.Key.self]?.handToStream() else {
            return Response.Body(
                asyncStream: { writer in try await EndWatchingBodyStreamWriter.writeEnding(write, to: writer) },
                count: count)
        }
        // The body holds the request's unit until it is written; a body dropped unwritten (with its
        // request) drops the last reference, and the unit ends then (RequestUnitOfWork's deinit).
        return Response.Body(
            asyncStream: { writer in
                try await requestUnit.writeBody {
                    try await EndWatchingBodyStreamWriter.writeEnding(write, to: writer)
                }
            }, count: count)
    }

    /// The error for a route that resolved `type` from a request without a unit.
    private static func middlewareMissing<Service>(resolving type: Service.Type) -> UnitOfWorkMiddlewareMissing {
        UnitOfWorkMiddlewareMissing(
            requestedType: "\(type)",
            remedy: "add UnitOfWorkMiddleware(container:) to app.middleware (at: .beginning), or call app.useRelay()")
    }
}
#endif
