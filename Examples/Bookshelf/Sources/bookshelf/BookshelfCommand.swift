import ArgumentParser
import BookshelfCore
import BookshelfHummingbird
import Foundation
import Logging
import Relay
import RelayServiceLifecycle
import ServiceLifecycle
import UnixSignals

#if DEBUG
import BookshelfStubs
import RelayArgumentParser
#endif

// bookshelf: a small HTTP service for a shelf of books, wired with Relay.
//
//   swift run bookshelf --port 8080
//   curl -X POST localhost:8080/books -d '{"title":"Dune","author":"Frank Herbert","isbn":"9780441013593"}'

/// The program: reads its command line, wires its dependencies, then runs the container and the
/// HTTP server in a `ServiceGroup` until SIGTERM or SIGINT.
///
/// Exit status: 0 after a shutdown (also one whose deadline cut requests off: logged as a warning),
/// 64 for a usage error (an unknown option, a bad value, a
/// bad dependency instruction), 70 when the program could not start or a teardown failed.
@main
struct BookshelfCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bookshelf",
        abstract: "A small HTTP service for a shelf of books, wired with Relay.",
        discussion: """
            SIGTERM or SIGINT (Ctrl-C) stops it in order: the server stops taking connections and \
            answers the requests in flight, then the catalog client and the database are closed.
            """
    )

    @Option(help: ArgumentHelp("Address to listen on.", valueName: "address"))
    var host = "127.0.0.1"

    @Option(help: ArgumentHelp("Port to listen on; 0 picks a free one.", valueName: "port"))
    var port = 8080

    @Option(name: .customLong("database"), help: ArgumentHelp("SQLite file, created on first run.", valueName: "file"))
    var databasePath = "books.sqlite"

    @Option(
        name: .customLong("catalog-url"),
        help: ArgumentHelp(
            "Book catalog with Open Library's API. (default: https://openlibrary.org)", valueName: "url"),
        transform: BookshelfCommand.catalogURL
    )
    var catalogURL = BookshelfConfiguration.openLibrary

    @Option(
        name: .customLong("shutdown-deadline"),
        help: ArgumentHelp(
            "Seconds that a graceful shutdown may take before the requests still in flight are cut off; "
                + "keep it inside the orchestrator's grace period (Kubernetes: 30).",
            valueName: "seconds"))
    var shutdownDeadline = 10.0

    @Option(
        name: .customLong("idle-timeout"),
        help: ArgumentHelp("Seconds a connection may stay idle before it is closed.", valueName: "seconds"))
    var idleTimeout = 30.0

    @Option(
        name: .customLong("request-log-level"),
        help: ArgumentHelp("Level each request is logged at: trace, debug, info, notice, warning.", valueName: "level"),
        transform: BookshelfCommand.logLevel)
    var requestLogLevel = Logger.Level.info

    #if DEBUG
    // Debug builds only: a release build has no -d option, and no stubs to inject.
    @OptionGroup(title: "Dependency injection (debug builds; also RELAY_DEPENDENCIES=instr;instr)")
    var dependencies: DependencyInjectionOptions
    #endif

    func validate() throws {
        guard shutdownDeadline > 0, shutdownDeadline <= 3_600 else {
            throw ValidationError("shutdown deadline '\(shutdownDeadline)' is not a number of seconds from 0 to 3600")
        }
        guard idleTimeout > 0, idleTimeout <= 3_600 else {
            throw ValidationError("idle timeout '\(idleTimeout)' is not a number of seconds from 0 to 3600")
        }
        guard (0...65_535).contains(port) else {
            throw ValidationError("port '\(port)' is not a number from 0 to 65535")
        }
    }

    func run() async throws {
        let logger = Logger(label: "bookshelf")
        let configuration = BookshelfConfiguration(
            host: host, port: port, databasePath: databasePath, catalogURL: catalogURL,
            idleTimeout: .milliseconds(Int(idleTimeout * 1_000)), requestLogLevel: requestLogLevel)
        do {
            try DependencyContainer.global.apply(
                BookshelfModule(configuration: configuration, logger: logger))
        } catch {
            logger.critical("The program's own wiring is wrong: \(error)")
            throw ExitCode(70)
        }

        #if DEBUG
        // DYNAMIC INJECTION: a driver (the tests in Tests/BookshelfDriverTests) replaces
        // dependencies with the stubs indexed here, through `-d type=…,factory=…[,scope=…]` or the
        // RELAY_DEPENDENCIES variable. A bad instruction is a usage error: the program stops here,
        // before it opens its database or listens.
        do {
            try DynamicDependencyIndex.shared.add(BookshelfTypeIndex())
            try DynamicDependencyIndex.shared.add(BookshelfStubFactoryIndex())
            try dependencies.inject(with: InjectDependenciesArgumentParser())
        } catch let error where InstructionOrigin(of: error) == .environment {
            // Not a mistake on the command line: the error names RELAY_DEPENDENCIES, and the usage
            // line would only mislead. Still a usage error (64).
            FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
            throw ExitCode(64)
        } catch {
            throw ValidationError("\(error)")
        }
        #else
        // A release build reads no instruction (the allow-list is empty, and the environment is
        // not read), yet runs the parser as a release build that drivers reach on purpose would,
        // with the keys it allows. Its test hooks stay shut: a channel, wiring account or session
        // header a launcher names in the environment opens nothing here (see the Security article;
        // Scripts/check-bookshelf-release.sh launches it so).
        try InjectDependenciesArgumentParser(allowedTypes: [], readsEnvironment: false, report: .silent)
            .inject(instructions: [])
        #endif

        // The container's service comes first: a ServiceGroup shuts its services down in reverse
        // order, so the server has stopped before any teardown closes what it was using.
        // Graceful shutdown has a deadline: past it, the requests still in flight are cut off
        // (the group is cancelled), and the container's teardowns run all the same.
        var groupConfiguration = ServiceGroupConfiguration(
            services: [
                .init(service: DependencyContainerService(container: .global, logger: logger)),
                .init(service: BookshelfServer(configuration: configuration, container: .global, logger: logger)),
            ],
            logger: logger)
        let deadline = Duration.milliseconds(Int(shutdownDeadline * 1_000))
        groupConfiguration.maximumGracefulShutdownDuration = deadline
        let group = ServiceGroup(configuration: groupConfiguration)
        let outcome = await ShutdownSignals.run(group, deadline: deadline, logger: logger)
        switch outcome {
        case .stopped:
            logger.info("bookshelf stopped")
        case .cutOff:
            logger.warning("bookshelf stopped: the requests still in flight were cut off")
        case .failed(let error):
            // What failed is already logged: each failed teardown, or the start-up error.
            logger.critical("bookshelf stopped after an error: \(error)")
            throw ExitCode(70)
        }
    }

    /// Reads `--request-log-level`.
    static func logLevel(_ text: String) throws -> Logger.Level {
        guard let level = Logger.Level(rawValue: text.lowercased()) else {
            throw ValidationError("'\(text)' is not a log level: trace, debug, info, notice, warning, error, critical")
        }
        return level
    }

    /// Reads `--catalog-url`: an http(s) URL.
    static func catalogURL(_ text: String) throws -> URL {
        guard let url = URL(string: text), url.scheme == "http" || url.scheme == "https" else {
            throw ValidationError("catalog URL '\(text)' is not an http(s) URL")
        }
        return url
    }
}
