public import BookshelfCore
public import Logging
public import Relay
public import ServiceLifecycle

/// The shelf's HTTP server as a service of the program's `ServiceGroup`: it listens once the book
/// store is open, and on graceful shutdown stops taking connections and answers the requests in
/// flight before it returns.
///
/// Run it after the container's service, so that the store is closed only once the server has
/// stopped:
///
/// ```swift
/// let group = ServiceGroup(
///     services: [DependencyContainerService(container: .global, logger: logger), server],
///     gracefulShutdownSignals: [.sigterm, .sigint],
///     logger: logger)
/// ```
public struct BookshelfServer: Service {
    private let application: any Service
    private let container: DependencyContainer
    private let logger: Logger

    /// Creates the server for a configuration, resolving from `container`.
    ///
    /// - Parameters:
    ///   - configuration: Where to listen.
    ///   - container: Where the routes resolve their dependencies.
    ///   - logger: Where the server says when it stops.
    public init(configuration: BookshelfConfiguration, container: DependencyContainer, logger: Logger) {
        application = BookshelfApplication.make(configuration: configuration, container: container)
        self.container = container
        self.logger = logger
    }

    /// Waits for the store, serves until graceful shutdown, then finishes the requests in flight.
    ///
    /// - Throws: What opening the store threw (the program then stops without listening), or
    ///   what the server threw.
    public func run() async throws {
        // The container's service builds the store at the same time; this waits for that build
        // (or builds it), so the program announces itself only once it can keep books.
        _ = try await container.resolve((any BookStore).self)
        try await withGracefulShutdownHandler {
            try await application.run()
        } onGracefulShutdown: { [logger] in
            logger.info("Stopping the HTTP server: no new connections, finishing the requests in flight")
        }
        logger.info("HTTP server stopped")
    }
}
