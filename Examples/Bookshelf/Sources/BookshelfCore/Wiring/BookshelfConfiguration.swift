public import Foundation

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

    /// Creates a configuration; the defaults are the program's.
    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        databasePath: String = "books.sqlite",
        catalogURL: URL = BookshelfConfiguration.openLibrary
    ) {
        self.host = host
        self.port = port
        self.databasePath = databasePath
        self.catalogURL = catalogURL
    }
}
