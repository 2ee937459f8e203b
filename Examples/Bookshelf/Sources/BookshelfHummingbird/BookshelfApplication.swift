public import BookshelfCore
import Foundation
public import Hummingbird
public import Relay

/// The shelf's HTTP server: its routes on the given address, announcing itself once it listens.
///
/// ```swift
/// let application = BookshelfApplication.make(configuration: configuration, container: .global)
/// ```
public enum BookshelfApplication {
    /// Builds the application.
    ///
    /// Once the server listens it writes `bookshelf listening on http://HOST:PORT` to standard
    /// output (with the real port when `--port 0`), which is what drivers wait for.
    ///
    /// - Parameters:
    ///   - configuration: Where to listen.
    ///   - container: Where the routes resolve their dependencies.
    /// - Returns: The application, not yet running.
    public static func make(configuration: BookshelfConfiguration, container: DependencyContainer)
        -> some ApplicationProtocol
    {
        let router = Router(context: BookshelfRequestContext.self)
        router.add(middleware: LogRequestsMiddleware(configuration.requestLogLevel))
        BookRoutes(container: container).add(to: router)
        let (host, port) = (configuration.host, configuration.port)
        let idle = configuration.idleTimeout.components
        return Application(
            router: router,
            server: .http1(
                configuration: .init(
                    idleTimeout: .nanoseconds(idle.seconds * 1_000_000_000 + idle.attoseconds / 1_000_000_000))),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "bookshelf"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? port
                FileHandle.standardOutput.write(Data("bookshelf listening on http://\(host):\(port)\n".utf8))
            }
        )
    }
}
