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

/// How the driver tests start the built `bookshelf` program.
enum Bookshelf {
    /// The line the program writes once it listens.
    static let readyLine = "bookshelf listening on"

    /// A launcher for `bookshelf` on `port` with its database in `directory`, waiting for its
    /// readiness line.
    ///
    /// - Parameters:
    ///   - port: The port to listen on.
    ///   - directory: Where the database file goes: `books.sqlite` in it.
    ///   - instructions: Dependency instructions for the program.
    ///   - delivery: How they reach it.
    ///   - arguments: More arguments for the program.
    static func launcher(
        port: Int,
        directory: TemporaryDirectory,
        instructions: [DependencyInstructionLaunchArgument] = [],
        delivery: InstructionDelivery = .arguments,
        arguments: [String] = []
    ) throws -> ProgramLauncher {
        var launcher = ProgramLauncher(
            executable: try ProgramExecutable.product("bookshelf"),
            arguments: ["--port", "\(port)", "--database", directory.file(named: "books.sqlite").path] + arguments,
            instructionDelivery: delivery,
            readiness: .outputLine(containing: readyLine),
            workingDirectory: directory.url
        )
        try launcher.inject(instructions)
        return launcher
    }

    /// Launches `bookshelf` on a free port with a new temporary directory, runs `body`, then stops
    /// the program and removes the directory, however `body` ends.
    ///
    /// ```swift
    /// try await Bookshelf.with(.init(type: .clock, factory: .fixedClock)) { shelf in
    ///     let answer = try await shelf.client.get("books")
    /// }
    /// ```
    static func with<Result>(
        _ instructions: DependencyInstructionLaunchArgument...,
        delivery: InstructionDelivery = .arguments,
        arguments: [String] = [],
        isolation: isolated (any Actor)? = #isolation,
        _ body: (RunningBookshelf) async throws -> Result
    ) async throws -> Result {
        try await withTemporaryDirectory(prefix: "bookshelf") { directory in
            try await with(
                instructions: instructions, delivery: delivery, arguments: arguments, directory: directory, body)
        }
    }

    /// Launches `bookshelf` on a free port with its files in `directory` (which outlives the
    /// program: launch again in it to test a restart).
    static func with<Result>(
        instructions: [DependencyInstructionLaunchArgument] = [],
        delivery: InstructionDelivery = .arguments,
        arguments: [String] = [],
        directory: TemporaryDirectory,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (RunningBookshelf) async throws -> Result
    ) async throws -> Result {
        let port = try FreePort.next()
        let launcher = try launcher(
            port: port, directory: directory, instructions: instructions, delivery: delivery, arguments: arguments)
        return try await withLaunchedProgram(launcher) { program in
            try await body(
                RunningBookshelf(
                    program: program, client: ProgramHTTPClient(port: port), port: port, directory: directory))
        }
    }
}
