public import BookshelfCore
import Foundation
import Logging

/// The Vapor program's settings, read from `BOOKSHELF_…` environment variables (Vapor's command
/// line is Vapor's own). Each has the Hummingbird program's option as its twin.
public struct BookshelfVaporSettings: Sendable {
    /// The settings the two programs share.
    public var configuration: BookshelfConfiguration

    /// How long a graceful shutdown waits for the requests in flight.
    public var shutdownDeadline: Duration

    /// Reads the settings; what is not set takes the Hummingbird program's default.
    ///
    /// - Parameter environment: The process's environment.
    /// - Throws: ``InvalidSetting`` naming the variable and the value it could not read.
    public init(environment: [String: String]) throws {
        configuration = BookshelfConfiguration()
        shutdownDeadline = .seconds(10)
        if let path = environment["BOOKSHELF_DATABASE"] {
            configuration.databasePath = path
        }
        if let text = environment["BOOKSHELF_CATALOG_URL"] {
            guard let url = URL(string: text), url.scheme == "http" || url.scheme == "https" else {
                throw InvalidSetting(variable: "BOOKSHELF_CATALOG_URL", value: text, expected: "an http(s) URL")
            }
            configuration.catalogURL = url
        }
        if let text = environment["BOOKSHELF_SHUTDOWN_DEADLINE"] {
            shutdownDeadline = try Self.seconds(text, variable: "BOOKSHELF_SHUTDOWN_DEADLINE")
        }
        if let text = environment["BOOKSHELF_IDLE_TIMEOUT"] {
            configuration.idleTimeout = try Self.seconds(text, variable: "BOOKSHELF_IDLE_TIMEOUT")
        }
        if let text = environment["BOOKSHELF_REQUEST_LOG_LEVEL"] {
            guard let level = Logger.Level(rawValue: text.lowercased()) else {
                throw InvalidSetting(
                    variable: "BOOKSHELF_REQUEST_LOG_LEVEL", value: text,
                    expected: "a log level: trace, debug, info, notice, warning, error, critical")
            }
            configuration.requestLogLevel = level
        }
    }

    private static func seconds(_ text: String, variable: String) throws -> Duration {
        guard let seconds = Double(text), seconds > 0, seconds <= 3_600 else {
            throw InvalidSetting(variable: variable, value: text, expected: "a number of seconds from 0 to 3600")
        }
        return .milliseconds(Int(seconds * 1_000))
    }
}

/// A `BOOKSHELF_…` variable whose value cannot be read.
public struct InvalidSetting: Error, CustomStringConvertible {
    /// The variable.
    public var variable: String

    /// Its value.
    public var value: String

    /// What it should be.
    public var expected: String

    /// What is wrong.
    public var description: String {
        "\(variable) '\(value)' is not \(expected)"
    }
}
