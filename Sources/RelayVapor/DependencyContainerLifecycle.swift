#if VaporSupport
public import Relay
public import Vapor

/// Runs a container with a Vapor application: `start()` (eager singletons, async factories) when
/// the application boots, and `shutdown()` (every teardown) when it shuts down.
///
/// ```swift
/// let app = try await Application.make(environment)
/// app.lifecycle.use(DependencyContainerLifecycle(container: .global))
/// try await app.execute()
/// try await app.asyncShutdown()
/// ```
///
/// ``Vapor/Application/useRelay(_:)`` adds it for you, with ``UnitOfWorkMiddleware``.
///
/// Vapor shuts its lifecycle handlers down *before* its HTTP server: left to that order, the
/// teardowns would close a database while requests are still being answered. So, by default,
/// this handler first stops the application's server (no new connections; the requests in
/// flight answered, for at most the server's `shutdownTimeout`) and only then tears the container
/// down. Vapor's own stop of the server, which follows, then finds nothing left to do.
///
/// A failed start is logged with Vapor's logger and stops the boot; failed teardowns are logged
/// one by one (Vapor's shutdown hooks cannot throw), every other teardown still runs, and the
/// error is kept in ``shutdownError`` for a program that exits with a status that says so.
public struct DependencyContainerLifecycle: LifecycleHandler {
    /// The root container that is started and shut down.
    public let container: DependencyContainer

    /// Whether the application's server is stopped before the teardowns run.
    public let stopsServerFirst: Bool

    /// What the container's shutdown threw (``Relay/DependencyShutdownError`` for failed
    /// teardowns); `nil` before the shutdown, or after one that went well.
    public var shutdownError: (any Error)? {
        outcome.withLockedValue { $0 }
    }

    // Shared by the copies Vapor keeps: the handler is a value, its outcome one place.
    private let outcome = LockedValue<(any Error)?>(nil)

    /// The observer of teardown failures that ``Vapor/Application/useRelay(_:)`` added for the
    /// application's logger, removed once the container has shut down: the application is done by
    /// then, and another made on the same container adds its own.
    var teardownFailureObserver: TeardownFailureObserverID?

    /// Creates the handler.
    ///
    /// - Parameters:
    ///   - container: The container to run; its root is started and shut down. Defaults to
    ///     ``Relay/DependencyContainer/global``.
    ///   - stopsServerFirst: Whether to stop the application's server, answering the requests in
    ///     flight, before the teardowns run. Defaults to `true`; pass `false` when the server is
    ///     stopped by something else first.
    public init(container: DependencyContainer = .global, stopsServerFirst: Bool = true) {
        self.container = container.root
        self.stopsServerFirst = stopsServerFirst
    }

    /// Starts the container once the application has booted.
    ///
    /// - Parameter application: The application.
    /// - Throws: What `start()` threw (an eager singleton's factory, for one), which stops the boot.
    public func didBootAsync(_ application: Application) async throws {
        do {
            try await container.start()
        } catch {
            application.logger.critical("Starting the dependency container failed: \(error)")
            throw error
        }
        application.logger.debug("Dependency container started")
    }

    /// Starts the container, for an application that boots synchronously (made with
    /// `Application(_:)` instead of `Application.make(_:)`).
    ///
    /// - Parameter application: The application.
    /// - Throws: What `startSynchronously()` threw; an async factory cannot run here.
    public func didBoot(_ application: Application) throws {
        do {
            try container.startSynchronously()
        } catch {
            application.logger.critical("Starting the dependency container failed: \(error)")
            throw error
        }
    }

    /// Stops the server (unless told not to), then runs every teardown, logging each failure.
    ///
    /// - Parameter application: The application.
    public func shutdownAsync(_ application: Application) async {
        // `running` is set by `serve` only: after `routes`, say, there is no server to stop.
        if stopsServerFirst, application.running != nil {
            application.logger.info("Stopping the HTTP server: no new connections, finishing the requests in flight")
            await application.server.shutdown()
            application.logger.info("HTTP server stopped")
        }
        application.logger.info("Shutting down the dependency container")
        do {
            try await container.shutdown()
            application.logger.info("Dependency container shut down")
        } catch {
            outcome.withLockedValue { $0 = error }
            for line in DependencyShutdownError.logLines(reporting: error) {
                application.logger.error("\(line.message)", metadata: line.metadata.mapValues { .string($0) })
            }
        }
        if let teardownFailureObserver {
            container.removeTeardownFailureObserver(teardownFailureObserver)
        }
    }

    /// Does nothing: a container's teardowns are async, and run from `shutdownAsync(_:)`, which
    /// Vapor calls for an application made with `Application.make(_:)`.
    ///
    /// - Parameter application: The application.
    public func shutdown(_ application: Application) {
        application.logger.warning(
            "The dependency container was not shut down: its teardowns are async; make the application with Application.make(_:) and shut it down with asyncShutdown()"
        )
    }
}
#endif
