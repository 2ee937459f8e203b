import Foundation
import RelayTesting
import Testing

/// The two programs the driver tests run: one service, two web frameworks at its edge. A test
/// that takes a front runs against both, with the same stubs and the same expected answers.
enum BookshelfFront: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// `bookshelf`: Hummingbird, swift-argument-parser, a ServiceGroup.
    case hummingbird
    /// `bookshelf-vapor`: Vapor, its command line (`serve`) and its lifecycle.
    case vapor

    var testDescription: String { rawValue }

    /// The executable product.
    var product: String {
        switch self {
        case .hummingbird: "bookshelf"
        case .vapor: "bookshelf-vapor"
        }
    }

    /// The program's module: the source its own log lines name.
    var module: String {
        product.replacingOccurrences(of: "-", with: "_")
    }

    /// The arguments that make the program listen on `port` and keep its books in `database`.
    func arguments(port: Int, database: String) -> [String] {
        switch self {
        case .hummingbird: ["--port", "\(port)", "--database", database]
        case .vapor: ["serve", "--hostname", "127.0.0.1", "--port", "\(port)"]
        }
    }

    /// The environment that says the same, for a program that reads its settings from it.
    func environment(database: String) -> [String: String] {
        switch self {
        case .hummingbird: [:]
        case .vapor: ["BOOKSHELF_DATABASE": database]
        }
    }

    /// Writes `setting` in the program's way: an option, or a variable.
    func apply(_ setting: BookshelfSetting, to launcher: inout ProgramLauncher) {
        switch self {
        case .hummingbird: launcher.arguments += [setting.option, setting.value]
        case .vapor: launcher.environment[setting.variable] = setting.value
        }
    }
}

/// A setting both programs take: the Hummingbird program as an option, the Vapor one as a
/// `BOOKSHELF_…` environment variable.
struct BookshelfSetting: Sendable {
    var option: String
    var variable: String
    var value: String

    static func catalogURL(_ url: String) -> Self {
        .init(option: "--catalog-url", variable: "BOOKSHELF_CATALOG_URL", value: url)
    }

    static func shutdownDeadline(seconds: Int) -> Self {
        .init(option: "--shutdown-deadline", variable: "BOOKSHELF_SHUTDOWN_DEADLINE", value: "\(seconds)")
    }

    static func requestLogLevel(_ level: String) -> Self {
        .init(option: "--request-log-level", variable: "BOOKSHELF_REQUEST_LOG_LEVEL", value: level)
    }
}
