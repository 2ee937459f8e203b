import BookshelfCore
import BookshelfVapor
import Foundation
import Logging
import Relay
import RelayVapor
import Vapor

#if DEBUG
import BookshelfStubs
#endif

// bookshelf-vapor: the shelf's Vapor front end, the same service as `bookshelf` (Hummingbird).
//
//   swift run bookshelf-vapor serve --port 8080
//   swift run bookshelf-vapor routes
//
// Vapor owns the command line (`serve --hostname … --port …`, `routes`, `--env`); the shelf's own
// settings are environment variables, as is usual for a Vapor program:
//
//   BOOKSHELF_DATABASE           SQLite file, created on first run (default books.sqlite)
//   BOOKSHELF_CATALOG_URL        the catalog, with Open Library's API (default https://openlibrary.org)
//   BOOKSHELF_SHUTDOWN_DEADLINE  seconds a graceful shutdown may wait for requests (default 10)
//   BOOKSHELF_IDLE_TIMEOUT       seconds a connection may stay idle (default 30)
//   BOOKSHELF_REQUEST_LOG_LEVEL  level each request is logged at (default info)
//
// Debug builds take dependency instructions too, `-d type=…,factory=…` anywhere in the arguments
// or RELAY_DEPENDENCIES; they are taken out before Vapor reads the rest.
//
// Exit status: 0 after a shutdown, 64 for a usage error (a bad setting, a bad dependency
// instruction), 70 when the program could not start.

/// The Vapor program's entry point.
@main
enum BookshelfVaporProgram {
    static func main() async {
        exit(await run())
    }

    static func run() async -> Int32 {
        let environment: Environment
        let settings: BookshelfVaporSettings
        do {
            #if DEBUG
            // Relay's -d options are taken out first: Vapor's parser would refuse them. (They are
            // read below, once the program's own wiring is registered.)
            var detected = try Environment.detect(removingInstructionsFrom: CommandLine.arguments)
            #else
            // A release build takes no instructions: Vapor refuses -d as the unknown option it is.
            var detected = try Environment.detect()
            #endif
            // Logs to standard error, as the Hummingbird program does (Vapor's default is standard
            // output); the level is Vapor's: --log or LOG_LEVEL.
            try LoggingSystem.bootstrap(from: &detected) { level in
                { label in
                    var handler = StreamLogHandler.standardError(label: label)
                    handler.logLevel = level
                    return handler
                }
            }
            environment = detected
            settings = try BookshelfVaporSettings(environment: ProcessInfo.processInfo.environment)
        } catch {
            FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
            if error is DependencyInjectionInstructionError {
                FileHandle.standardError.write(Data(usage.utf8))
            }
            return 64
        }

        let app: Application
        do {
            app = try await Application.make(environment)
        } catch {
            FileHandle.standardError.write(Data("Error: could not make the application: \(error)\n".utf8))
            return 70
        }
        // The shelf's log lines are the program's, as in the Hummingbird front end.
        app.logger = Logger(label: "bookshelf")
        let (status, lifecycle) = await run(app, settings: settings)
        do {
            try await app.asyncShutdown()
        } catch {
            app.logger.critical("Shutting down failed: \(error)")
            return 70
        }
        if lifecycle?.shutdownError != nil {
            // Each failed teardown is already logged.
            app.logger.critical("bookshelf stopped after a failed teardown")
            return 70
        }
        if status == 0 { app.logger.info("bookshelf stopped") }
        return status
    }

    /// Wires and runs the application until it stops; Vapor's `execute()`, with the readiness line
    /// between its two halves.
    static func run(
        _ app: Application, settings: BookshelfVaporSettings
    ) async -> (status: Int32, lifecycle: DependencyContainerLifecycle?) {
        do {
            try DependencyContainer.global.apply(
                BookshelfModule(configuration: settings.configuration, logger: app.logger))
        } catch {
            app.logger.critical("The program's own wiring is wrong: \(error)")
            return (70, nil)
        }

        #if DEBUG
        // DYNAMIC INJECTION: a driver (the tests in Tests/BookshelfDriverTests) replaces
        // dependencies with the stubs indexed here. A bad instruction is a usage error: the program
        // stops here, before it opens its database or listens.
        do {
            try DynamicDependencyIndex.shared.add(BookshelfTypeIndex())
            try DynamicDependencyIndex.shared.add(BookshelfStubFactoryIndex())
            try InjectDependenciesArgumentParser().parse(arguments: CommandLine.arguments)
        } catch {
            FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
            if InstructionOrigin(of: error) == .commandLine {
                FileHandle.standardError.write(Data(usage.utf8))
            }
            return (64, nil)
        }
        #endif

        app.logger.info("bookshelf-vapor in environment \(app.environment.name)")
        let lifecycle = BookshelfVaporApplication.configure(
            app, configuration: settings.configuration, shutdownDeadline: settings.shutdownDeadline,
            container: .global)
        do {
            try await app.startup()
            BookshelfVaporApplication.announce(app)
            try await app.running?.onStop.get()
        } catch let error as CommandError {
            // Vapor's command line refused an argument: a usage error, which Vapor has explained.
            app.logger.critical("bookshelf: \(error)")
            return (64, lifecycle)
        } catch {
            app.logger.critical("bookshelf stopped after an error: \(error)")
            return (70, lifecycle)
        }
        return (0, lifecycle)
    }

    /// How to call the program, for a mistake on its command line.
    static let usage = """

        Usage: bookshelf-vapor <command> [--env <environment>] [-d <instruction> ...]
          -d, --dependency <instruction>  type=<type>,factory=<factory>[,scope=<scope>][,lifecycle=<lifecycle>]
                                          (debug builds; also RELAY_DEPENDENCIES=instr;instr)
          See 'bookshelf-vapor --help' for Vapor's commands: serve, routes.

        """
}
