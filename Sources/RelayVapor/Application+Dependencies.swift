#if VaporSupport
public import Relay
public import Vapor

extension Application {
    /// The container the application resolves from: ``Relay/DependencyContainer/global`` unless
    /// set (``useRelay(_:)`` sets it).
    ///
    /// ```swift
    /// let shelf = try await app.dependencies.resolve(Shelf.self)
    /// ```
    public var dependencies: DependencyContainer {
        get { storage[DependenciesKey.self] ?? .global }
        set { storage[DependenciesKey.self] = newValue }
    }

    /// Wires a container into the application: sets ``dependencies``, runs the container with the
    /// application (``DependencyContainerLifecycle``: started on boot, torn down on shutdown after
    /// the server has stopped) and opens a unit of work per request (``UnitOfWorkMiddleware``, put
    /// first, so every middleware and route runs inside it).
    ///
    /// ```swift
    /// let app = try await Application.make(environment)
    /// app.useRelay(.global)
    /// app.get("books") { request in try await request.resolve(Shelf.self).books() }
    /// try await app.execute()
    /// try await app.asyncShutdown()
    /// ```
    ///
    /// - Parameter container: The container. Defaults to ``Relay/DependencyContainer/global``.
    /// - Returns: The lifecycle handler, whose ``DependencyContainerLifecycle/shutdownError`` says,
    ///   after `asyncShutdown()`, whether a teardown failed.
    @discardableResult
    public func useRelay(_ container: DependencyContainer = .global) -> DependencyContainerLifecycle {
        dependencies = container
        let handler = DependencyContainerLifecycle(container: container)
        lifecycle.use(handler)
        middleware.use(UnitOfWorkMiddleware(container: container), at: .beginning)
        return handler
    }

    private struct DependenciesKey: StorageKey {
        typealias Value = DependencyContainer
    }
}
#endif
