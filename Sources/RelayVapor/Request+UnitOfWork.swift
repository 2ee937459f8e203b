#if VaporSupport
public import Relay
public import Vapor

extension Request {
    /// The request's unit of work, which ``UnitOfWorkMiddleware`` opened; `nil` without it.
    public var unitOfWork: UnitOfWork? {
        storage[RequestUnitOfWork.Key.self]?.unit
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
    /// - Throws: ``UnitOfWorkMiddlewareMissing`` when no ``UnitOfWorkMiddleware`` ran for the
    ///   request, or what resolving threw (``Relay/DependencyResolutionError``).
    public func resolve<Service>(_ type: Service.Type = Service.self, name: String? = nil) async throws -> Service {
        guard let unitOfWork else { throw UnitOfWorkMiddlewareMissing(requestedType: "\(type)") }
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
    /// - Throws: ``UnitOfWorkMiddlewareMissing`` when no ``UnitOfWorkMiddleware`` ran for the
    ///   request, or what resolving threw (``Relay/DependencyResolutionError``).
    public func resolve<Service>(_ type: Service.Type = Service.self, name: String? = nil) throws -> Service {
        guard let unitOfWork else { throw UnitOfWorkMiddlewareMissing(requestedType: "\(type)") }
        return try unitOfWork.resolve(type, name: name)
    }

    /// A streamed body that is written inside the request's unit of work, which ends after the
    /// body's last byte (or its error) instead of when the route returns.
    ///
    /// ```swift
    /// app.get("books", "export") { request in
    ///     let shelf = try await request.resolve(Shelf.self)
    ///     return Response(body: request.unitOfWorkStream { writer in
    ///         for book in try await shelf.books() { try await writer.writeBuffer(line(for: book)) }
    ///         try await writer.write(.end)
    ///     })
    /// }
    /// ```
    ///
    /// Without ``UnitOfWorkMiddleware`` (no unit), the body is written as it is. A route makes one
    /// such body per request; a second one is written outside the unit.
    ///
    /// - Parameters:
    ///   - count: The body's length in bytes, or `-1` (the default) when unknown.
    ///   - write: Writes the body; as with Vapor's async streams, it ends the stream itself.
    /// - Returns: The body.
    public func unitOfWorkStream(
        count: Int = -1,
        _ write: @escaping @Sendable (any AsyncBodyStreamWriter) async throws -> Void
    ) -> Response.Body {
        guard let handle = storage[RequestUnitOfWork.Key.self], handle.handToStream() else {
            return Response.Body(asyncStream: write, count: count)
        }
        return Response.Body(
            asyncStream: { writer in
                do {
                    try await handle.unit.run { try await write(writer) }
                } catch {
                    await handle.end()
                    throw error
                }
                await handle.end()
            }, count: count)
    }
}
#endif
