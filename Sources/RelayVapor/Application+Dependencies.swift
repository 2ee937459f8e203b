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
    /// the server has stopped), opens a unit of work per request (``UnitOfWorkMiddleware``, put
    /// first, so every middleware and route runs inside it), and logs the teardown failures that no
    /// caller receives.
    ///
    /// Those are the failures of an ending nobody awaits: a unit of work dropped without being
    /// ended (a streamed response never written, a unit opened outside a request and forgotten),
    /// an instance built for a unit that had ended. They are logged with the application's logger
    /// as it is when this is called, at `error`, the message being the failure's description
    /// (``Relay/DependencyContainer/addTeardownFailureObserver(_:)``: an observer added beside the
    /// program's and other integrations', removed when the container has shut down with the
    /// application). A request unit's own failures go to the request's logger instead.
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
        let logger = self.logger
        var handler = DependencyContainerLifecycle(container: container)
        handler.teardownFailureObserver = container.addTeardownFailureObserver { failure in
            logger.error("\(failure)")
        }
        lifecycle.use(handler)
        middleware.use(UnitOfWorkMiddleware(container: container), at: .beginning)
        return handler
    }

    private struct DependenciesKey: StorageKey {
        typealias Value = DependencyContainer
    }
}
#endif
