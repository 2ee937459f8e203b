#if HummingbirdSupport
public import Hummingbird
import Relay

extension RouterMethods where Context: UnitOfWorkRequestContext {
    /// Adds a route whose handler receives a dependency resolved in the request's unit of work,
    /// rather than looking it up from a global container.
    ///
    /// ```swift
    /// router.on("books", method: .get, resolving: Shelf.self) { request, context, shelf in
    ///     try await shelf.books()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - path: The route's path.
    ///   - method: The HTTP method.
    ///   - type: The dependency's registered type.
    ///   - handler: Handles the request with the dependency.
    /// - Returns: The router, to add more.
    @discardableResult
    public func on<Dependency, Output: ResponseGenerator>(
        _ path: RouterPath = "",
        method: HTTPRequest.Method,
        resolving type: Dependency.Type,
        use handler: @Sendable @escaping (Request, Context, Dependency) async throws -> Output
    ) -> Self {
        on(path, method: method) { request, context -> Output in
            let dependency = try await context.resolve(type)
            return try await handler(request, context, dependency)
        }
    }
}
#endif
