import Foundation
public import Hummingbird
public import Relay

/// The shelf's HTTP server: its routes on the given address, announcing itself once it listens.
///
/// ```swift
/// let app = BookshelfApplication.make(options: options, container: .global)
/// try await app.runService()   // until SIGTERM or SIGINT
/// ```
public enum BookshelfApplication {
    /// Builds the application.
    ///
    /// Once the server listens it writes `bookshelf listening on http://HOST:PORT` to standard
    /// output (with the real port when `--port 0`), which is what drivers wait for.
    ///
    /// - Parameters:
    ///   - options: The command line.
    ///   - container: Where the routes resolve their dependencies.
    /// - Returns: The application, not yet running.
    public static func make(options: BookshelfOptions, container: DependencyContainer) -> some ApplicationProtocol {
        let router = Router(context: BookshelfRequestContext.self)
        BookRoutes(container: container).add(to: router)
        let host = options.host
        return Application(
            router: router,
            configuration: ApplicationConfiguration(
                address: .hostname(host, port: options.port), serverName: "bookshelf"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? options.port
                FileHandle.standardOutput.write(Data("bookshelf listening on http://\(host):\(port)\n".utf8))
            }
        )
    }
}
