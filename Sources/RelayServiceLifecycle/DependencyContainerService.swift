#if ServiceLifecycleSupport
public import Logging
public import Relay
public import ServiceLifecycle

/// Runs a dependency container as a service of a `ServiceGroup`: it starts the container, waits
/// for graceful shutdown, then shuts the container down, so that what the program opened is
/// closed in reverse order of creation, dependents first.
///
/// Put it **before** the services that resolve from the container. On graceful shutdown a
/// `ServiceGroup` signals its services in reverse order and waits for each to return before
/// signalling the next, so the HTTP server stops taking requests and finishes the ones in flight
/// before a single teardown runs:
///
/// ```swift
/// let group = ServiceGroup(
///     services: [DependencyContainerService(container: .global, logger: logger), application],
///     gracefulShutdownSignals: [.sigterm, .sigint],
///     logger: logger
/// )
/// try await group.run()
/// ```
///
/// With Hummingbird the same is one line, since an application starts the services added to it
/// before its server and shuts them down after it:
/// `application.addServices(DependencyContainerService(container: .global, logger: logger))`.
///
/// What ``run()`` does, in order:
/// 1. `start()` builds the eager singletons (independent async ones concurrently). If that fails,
///    whatever was built is torn down and the error ends the service, and with it the group.
/// 2. It waits for graceful shutdown (or for the group to cancel it).
/// 3. `shutdown()` runs every teardown, newest instance first. Each failure is logged as an error
///    naming the type, the rest still run, and ``run()`` then throws the container's
///    `DependencyShutdownError`, so that `ServiceGroup.run()` throws and the program can exit
///    with a non-zero status. Teardowns run to the end even when the group was cancelled: a
///    database is closed properly however the program is asked to stop.
///
/// The order holds for *graceful* shutdown. A cancelled group (by default, what a service that
/// throws does to it) cancels every service at once, so teardowns may then run while another
/// service is still finishing. Give the services after this one
/// `failureTerminationBehavior: .gracefullyShutdownGroup` (in a `ServiceGroupConfiguration`) to
/// have a failure shut the group down in order instead.
///
/// The service starts concurrently with the services after it (a `ServiceGroup` does not wait for
/// one service to be ready before the next). A request that arrives while an eager singleton is
/// being built waits for that build; it never sees a half-built instance. A program that must not
/// listen before every eager singleton exists calls `try await container.start()` before running
/// the group: starting again only finds the instances already built.
///
/// This product is built only when the package trait `ServiceLifecycleSupport` is enabled, so
/// users of the core `Relay` product never resolve swift-service-lifecycle or swift-log.
public struct DependencyContainerService: Service {
    /// The root container this service starts and shuts down.
    public let container: DependencyContainer

    /// Where the service says what it does and which teardowns failed.
    public let logger: Logger

    /// The observer that logs the teardown failures nobody receives, removed when ``run()`` ends.
    private let teardownFailureObserver: TeardownFailureObserverID

    /// Creates the service, and has `logger` log the teardown failures that no caller receives.
    ///
    /// Those are the failures of an ending nobody awaits, while the program runs: a unit of work
    /// dropped without being ended (a request whose response was never written), an instance
    /// built for a unit that had ended. Each is logged at `.error` as it happens, the message being
    /// the failure's description (``Relay/DependencyContainer/addTeardownFailureObserver(_:)``: an
    /// observer added beside the program's and other integrations', removed when ``run()`` ends);
    /// the shutdown at the end reports them again, with its own failures.
    ///
    /// - Parameters:
    ///   - container: The root to start and shut down; shutting a root down covers its scopes.
    ///     Defaults to ``Relay/DependencyContainer/global``.
    ///   - logger: Where to log: starting and stopping at `.info`, each failed teardown at `.error`.
    public init(container: DependencyContainer = .global, logger: Logger) {
        self.container = container.root
        self.logger = logger
        self.teardownFailureObserver = container.addTeardownFailureObserver { failure in
            logger.error("\(failure)")
        }
    }

    /// Starts the container, waits for graceful shutdown, then shuts the container down.
    ///
    /// - Throws: What `start()` threw, or the `DependencyShutdownError` listing every teardown that
    ///   failed. Cancellation of the group is not an error here: the container is still shut down.
    public func run() async throws {
        defer { container.removeTeardownFailureObserver(teardownFailureObserver) }
        do {
            try await container.start()
        } catch {
            logger.error("Starting the dependency container failed: \(error)")
            try? await shutDownContainer()
            throw error
        }
        logger.info("Dependency container started")

        // Returns on graceful shutdown; throws CancellationError when the group is cancelled.
        // Either way the container must be closed, so the error is not one to report.
        try? await gracefulShutdown()

        logger.info("Shutting down the dependency container")
        try await shutDownContainer()
        logger.info("Dependency container shut down")
    }

    /// Runs `shutdown()` in a task of its own, logging each failed teardown.
    ///
    /// The task is unstructured so that it does not inherit this service's cancellation: a
    /// teardown that awaits (a pool draining, a file flushing) must not be cut short because the
    /// group was cancelled.
    private func shutDownContainer() async throws {
        let container = self.container
        let outcome = await Task { () -> (any Error)? in
            do {
                try await container.shutdown()
                return nil
            } catch {
                return error
            }
        }.value
        guard let error = outcome else { return }
        for line in DependencyShutdownError.logLines(reporting: error) {
            logger.error("\(line.message)", metadata: line.metadata.mapValues { .string($0) })
        }
        throw error
    }
}
#endif
