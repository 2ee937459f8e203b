public import BookshelfCore
import Foundation
public import Relay
public import RelayVapor
public import Vapor

/// Wires the shelf into a Vapor application: the container run with the application, a unit of
/// work per request, the shelf's middleware and routes, and the server's settings.
///
/// ```swift
/// let app = try await Application.make(environment)
/// BookshelfVaporApplication.configure(app, configuration: configuration, container: .global)
/// ```
public enum BookshelfVaporApplication {
    /// Configures `app`.
    ///
    /// - Parameters:
    ///   - app: The application, not yet booted.
    ///   - configuration: The shelf's settings: idle timeout, request log level. (Vapor's `serve`
    ///     command chooses the address.)
    ///   - shutdownDeadline: How long a graceful shutdown waits for the requests in flight.
    ///   - container: Where the routes resolve from.
    /// - Returns: What runs the container with the application; after `asyncShutdown()` it says
    ///   whether a teardown failed.
    @discardableResult
    public static func configure(
        _ app: Application,
        configuration: BookshelfConfiguration,
        shutdownDeadline: Duration,
        container: DependencyContainer
    ) -> DependencyContainerLifecycle {
        // Vapor's defaults (its error middleware, its request logging) give way to the shelf's.
        app.middleware = Middlewares()
        let lifecycle = app.useRelay(container)
        app.middleware.use(RouteLoggingMiddleware(logLevel: configuration.requestLogLevel))
        app.middleware.use(RequestIDMiddleware())
        app.middleware.use(ErrorAnswerMiddleware())
        app.http.server.configuration.shutdownTimeout = .nanoseconds(Self.nanoseconds(shutdownDeadline))
        app.http.server.configuration.idleTimeout = .nanoseconds(Self.nanoseconds(configuration.idleTimeout))
        app.http.server.configuration.serverName = "bookshelf"
        BookshelfVaporRoutes(container: container).add(to: app)
        return lifecycle
    }

    /// Writes `bookshelf listening on http://HOST:PORT` to standard output once the server
    /// listens (with the real port when it was 0), which is what drivers wait for; nothing when
    /// the command run was not `serve`.
    ///
    /// - Parameter app: The application, started.
    public static func announce(_ app: Application) {
        guard app.running != nil, let address = app.http.server.shared.localAddress,
            let host = address.ipAddress, let port = address.port
        else { return }
        FileHandle.standardOutput.write(Data("bookshelf listening on http://\(host):\(port)\n".utf8))
    }

    private static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
