import BookshelfCore
import BookshelfStubs
import Foundation
import RelayTesting
import RelayTestingHTTP

/// A bookshelf under test: the running program, a client for its port, and its own directory.
struct RunningBookshelf: Sendable {
    let program: LaunchedProgram
    let client: ProgramHTTPClient
    let port: Int
    let directory: TemporaryDirectory

    /// The database file the program was told to use.
    var database: URL { directory.file(named: "books.sqlite") }
}

/// How the driver tests start the built `bookshelf` and `bookshelf-vapor` programs.
enum Bookshelf {
    /// The line the program writes once it listens.
    static let readyLine = "bookshelf listening on"

    /// The port a launched program listens on, from its readiness line
    /// (`bookshelf listening on http://HOST:PORT`).
    ///
    /// Programs under test bind port 0 and say which port they got: a port picked before the
    /// launch can be taken, in the meantime, by any socket on the machine (a client's own port
    /// included), and the program then fails to bind it.
    static func port(of program: LaunchedProgram) throws -> Int {
        guard let port = program.readinessLine?.split(separator: ":").last.flatMap({ Int($0) }) else {
            throw NoPortAnnounced(readinessLine: program.readinessLine)
        }
        return port
    }

    /// A launched program's readiness line named no port.
    struct NoPortAnnounced: Error, CustomStringConvertible {
        let readinessLine: String?
        var description: String { "no port in the readiness line '\(readinessLine ?? "")'" }
    }

    /// A launcher for a front end on `port` with its database in `directory`, waiting for its
    /// readiness line (both programs write the same one).
    ///
    /// - Parameters:
    ///   - front: Which program.
    ///   - port: The port to listen on; 0, the default, for one the system picks (``port(of:)``
    ///     reads it).
    ///   - directory: Where the database file goes: `books.sqlite` in it.
    ///   - instructions: Dependency instructions for the program.
    ///   - delivery: How they reach it.
    ///   - settings: The program's settings, which it takes in its own way.
    ///   - stubAnswers: The test's answers to the program's answered stubs, if any.
    static func launcher(
        _ front: BookshelfFront = .hummingbird,
        port: Int = 0,
        directory: TemporaryDirectory,
        instructions: [DependencyInstructionLaunchArgument] = [],
        delivery: InstructionDelivery = .arguments,
        settings: [BookshelfSetting] = [],
        stubAnswers: StubAnswers? = nil
    ) throws -> ProgramLauncher {
        let database = directory.file(named: "books.sqlite").path
        var launcher = ProgramLauncher(
            executable: try ProgramExecutable.product(front.product),
            arguments: front.arguments(port: port, database: database),
            environment: front.environment(database: database),
            instructionDelivery: delivery,
            readiness: .outputLine(containing: readyLine),
            workingDirectory: directory.url
        )
        launcher.stubAnswers = stubAnswers
        for setting in settings {
            front.apply(setting, to: &launcher)
        }
        try launcher.inject(instructions)
        return launcher
    }

    /// Launches a front end on a port the system picks with a new temporary directory, runs `body`, then stops
    /// the program and removes the directory, however `body` ends.
    ///
    /// ```swift
    /// try await Bookshelf.with(.init(type: .clock, factory: .fixedClock)) { shelf in
    ///     let answer = try await shelf.client.get("books")
    /// }
    /// ```
    static func with<Result>(
        _ front: BookshelfFront = .hummingbird,
        _ instructions: DependencyInstructionLaunchArgument...,
        delivery: InstructionDelivery = .arguments,
        settings: [BookshelfSetting] = [],
        stubAnswers: StubAnswers? = nil,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (RunningBookshelf) async throws -> Result
    ) async throws -> Result {
        try await withTemporaryDirectory(prefix: "bookshelf") { directory in
            try await with(
                front, instructions: instructions, delivery: delivery, settings: settings, stubAnswers: stubAnswers,
                directory: directory, body)
        }
    }

    /// Launches a front end on a port the system picks with a new temporary directory and the test's answers to
    /// its answered stubs; as ``with(_:_:delivery:settings:stubAnswers:isolation:_:)``.
    static func with<Result>(
        _ front: BookshelfFront = .hummingbird,
        instructions: [DependencyInstructionLaunchArgument],
        stubAnswers: StubAnswers,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (RunningBookshelf) async throws -> Result
    ) async throws -> Result {
        try await withTemporaryDirectory(prefix: "bookshelf") { directory in
            try await with(front, instructions: instructions, stubAnswers: stubAnswers, directory: directory, body)
        }
    }

    /// Launches a front end on a port the system picks with its files in `directory` (which outlives the
    /// program: launch again in it to test a restart).
    static func with<Result>(
        _ front: BookshelfFront = .hummingbird,
        instructions: [DependencyInstructionLaunchArgument] = [],
        delivery: InstructionDelivery = .arguments,
        settings: [BookshelfSetting] = [],
        stubAnswers: StubAnswers? = nil,
        directory: TemporaryDirectory,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (RunningBookshelf) async throws -> Result
    ) async throws -> Result {
        let launcher = try launcher(
            front, directory: directory, instructions: instructions, delivery: delivery, settings: settings,
            stubAnswers: stubAnswers)
        return try await withLaunchedProgram(launcher) { program in
            let port = try port(of: program)
            return try await body(
                RunningBookshelf(
                    program: program, client: ProgramHTTPClient(port: port), port: port, directory: directory))
        }
    }
}
