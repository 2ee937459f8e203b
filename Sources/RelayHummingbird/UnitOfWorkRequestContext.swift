#if HummingbirdSupport
public import Hummingbird
public import Relay

/// A request context that carries the request's unit of work, which ``UnitOfWorkMiddleware`` opens.
///
/// Add the one stored property to your context:
///
/// ```swift
/// struct AppRequestContext: UnitOfWorkRequestContext {
///     var coreContext: CoreRequestContextStorage
///     var unitOfWork: UnitOfWork?
///     init(source: Source) { coreContext = .init(source: source) }
/// }
/// ```
public protocol UnitOfWorkRequestContext: RequestContext {
    /// The request's unit of work; set by ``UnitOfWorkMiddleware``, `nil` without it.
    var unitOfWork: UnitOfWork? { get set }
}

extension UnitOfWorkRequestContext {
    /// Resolves `type` in the request's unit of work: its ``LifecycleType/unitOfWork``
    /// registrations give this request's instances.
    ///
    /// ```swift
    /// router.get("books") { request, context in
    ///     try await context.resolve(Shelf.self).books()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The registered type.
    ///   - name: The registration's name; `nil` for the default.
    /// - Returns: The instance.
    /// - Throws: ``Relay/UnitOfWorkMiddlewareMissing`` when no ``UnitOfWorkMiddleware`` runs before
    ///   the route; otherwise what `resolve` throws.
    public func resolve<Service>(_ type: Service.Type = Service.self, name: String? = nil) async throws -> Service {
        guard let unitOfWork else {
            throw UnitOfWorkMiddlewareMissing(
                requestedType: "\(type)", remedy: "add UnitOfWorkMiddleware(container:) to the router before the route")
        }
        return try await unitOfWork.resolve(type, name: name)
    }
}
#endif
