public import Foundation

/// The program's command line: `bookshelf [--host H] [--port N] [--database PATH] [--catalog-url URL]`.
///
/// Dependency instructions (`-d …`, `--dependency …`) are left for Relay to read.
///
/// ```swift
/// let options = try BookshelfOptions(arguments: ["bookshelf", "--port", "8080"])
/// ```
public struct BookshelfOptions: Sendable, Equatable {
    /// The address to listen on; `127.0.0.1` by default.
    public var host = "127.0.0.1"
    /// The port to listen on; 8080 by default, 0 for one the system picks.
    public var port = 8080
    /// The SQLite database file; `books.sqlite` in the working directory by default, created on first run.
    public var databasePath = "books.sqlite"
    // swift-format-ignore: NeverForceUnwrap
    // (A literal that is a valid URL.)
    /// The upstream catalog; Open Library by default.
    public var catalogURL = URL(string: "https://openlibrary.org")!
    /// Whether `--help` was asked for.
    public var wantsHelp = false

    /// The usage text `--help` prints.
    public static let usage = """
        usage: bookshelf [--host ADDRESS] [--port PORT] [--database FILE] [--catalog-url URL]
                         [-d type=<type>,factory=<factory>[,scope=<scope>][,lifecycle=<lifecycle>]]...

          --host         address to listen on (default 127.0.0.1)
          --port         port to listen on; 0 picks a free one (default 8080)
          --database     SQLite file, created on first run (default books.sqlite)
          --catalog-url  book catalog with Open Library's API (default https://openlibrary.org)
          -d, --dependency
                         debug builds: inject a dependency (also RELAY_DEPENDENCIES=instr;instr)
        """

    /// Reads options from the full command line, program name first.
    ///
    /// - Throws: ``BookshelfOptionsError`` naming the option that is unknown, lacks a value, or has a bad one.
    public init(arguments: [String]) throws {
        var remaining = arguments.dropFirst().makeIterator()
        func value(for option: String) throws -> String {
            guard let value = remaining.next(), !value.hasPrefix("--") else {
                throw BookshelfOptionsError(message: "option '\(option)' needs a value")
            }
            return value
        }
        while let argument = remaining.next() {
            switch argument {
            case "--host":
                host = try value(for: argument)
            case "--port":
                let text = try value(for: argument)
                guard let port = Int(text), (0...65_535).contains(port) else {
                    throw BookshelfOptionsError(message: "port '\(text)' is not a number from 0 to 65535")
                }
                self.port = port
            case "--database":
                databasePath = try value(for: argument)
            case "--catalog-url":
                let text = try value(for: argument)
                guard let url = URL(string: text), url.scheme == "http" || url.scheme == "https" else {
                    throw BookshelfOptionsError(message: "catalog URL '\(text)' is not an http(s) URL")
                }
                catalogURL = url
            case "-d", "--dependency":
                _ = remaining.next()  // Relay reads and checks instructions.
            case "-h", "--help":
                wantsHelp = true
            case _ where argument.hasPrefix("--dependency="):
                continue
            default:
                throw BookshelfOptionsError(message: "unknown option '\(argument)'")
            }
        }
    }
}

/// A command line the program cannot run with.
public struct BookshelfOptionsError: Error, Sendable, CustomStringConvertible {
    /// What is wrong, quoting the offending argument.
    public let message: String

    /// The message.
    public var description: String { message }
}
