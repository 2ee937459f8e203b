public import Foundation
public import Logging

/// Where the shelf listens, keeps its books and looks them up: what its command line sets.
///
/// ```swift
/// let configuration = BookshelfConfiguration(port: 0, databasePath: "/tmp/books.sqlite")
/// ```
public struct BookshelfConfiguration: Sendable, Equatable {
    // swift-format-ignore: NeverForceUnwrap
    // (A literal that is a valid URL.)
    /// Open Library, the catalog the shelf asks by default.
    public static let openLibrary = URL(string: "https://openlibrary.org")!

    /// The address to listen on.
    public var host: String
    /// The port to listen on; 0 for one the system picks.
    public var port: Int
    /// The SQLite database file, created on first run.
    public var databasePath: String
    /// The upstream catalog, with Open Library's API.
    public var catalogURL: URL
    /// How long a connection may stay idle (no byte read or written) before the server closes it:
    /// a client that sends half a request and waits holds nothing for longer.
    public var idleTimeout: Duration
    /// The level each request is logged at (`Request`, with its method and path).
    public var requestLogLevel: Logger.Level

    /// Creates a configuration; the defaults are the program's.
    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        databasePath: String = "books.sqlite",
        catalogURL: URL = BookshelfConfiguration.openLibrary,
        idleTimeout: Duration = .seconds(30),
        requestLogLevel: Logger.Level = .info
    ) {
        self.host = host
        self.port = port
        self.databasePath = databasePath
        self.catalogURL = catalogURL
        self.idleTimeout = idleTimeout
        self.requestLogLevel = requestLogLevel
    }
}
