import Foundation
import RelayTesting
import RelayTestingHTTP
import Testing

/// The Vapor program's command line is Vapor's (`serve`, `routes`, `--env`), with Relay's `-d`
/// instructions taken out before Vapor reads it.
@Suite("The Vapor program's command line")
struct VaporCommandLineTests {
    static func launcher(_ arguments: [String], instructions: [String] = [], in directory: TemporaryDirectory)
        throws -> ProgramLauncher
    {
        ProgramLauncher(
            executable: try ProgramExecutable.product("bookshelf-vapor"),
            arguments: arguments,
            environment: ["BOOKSHELF_DATABASE": directory.file(named: "books.sqlite").path],
            dependencyInstructions: instructions,
            workingDirectory: directory.url)
    }

    @Test("routes and --env work beside -d, which Vapor never sees")
    func routesAndEnvironmentBesideInstructions() async throws {
        try await withTemporaryDirectory(prefix: "bookshelf-vapor") { directory in
            let launcher = try Self.launcher(
                ["routes", "--env", "testing"], instructions: ["type=clock,factory=fixedClock"], in: directory)
            let exit = try await withLaunchedProgram(launcher) { try await $0.waitForExit() }
            #expect(exit == .exited(status: 0), "\(exit)")
            #expect(exit.standardOutput.contains("| GET    | /books/:id/catalog |"), "\(exit)")
            #expect(exit.standardError.contains("environment testing"), "\(exit)")
            #expect(exit.standardError.contains("Relay injected 1 dependency:"), "\(exit)")
        }
    }

    @Test("serve takes --hostname and --port beside -d, and --port 0 says which port it got")
    func serveBesideInstructions() async throws {
        try await withTemporaryDirectory(prefix: "bookshelf-vapor") { directory in
            var launcher = try Self.launcher(
                ["serve", "-d", "type=idGenerator,factory=sequentialIDs", "--hostname", "127.0.0.1", "--port", "0"],
                in: directory)
            launcher.readiness = .outputLine(containing: Bookshelf.readyLine)
            try await withLaunchedProgram(launcher) { program in
                let line = try #require(program.readinessLine)
                let port = try #require(line.split(separator: ":").last.flatMap { Int($0) })
                let client = ProgramHTTPClient(port: port)
                #expect(try await client.get("health") == HTTPAnswer(status: 200, body: "ok"))
                let added = try await client.post(
                    "books", json: #"{"title":"Dune","author":"Frank Herbert","isbn":"9780441013593"}"#)
                #expect(added.body.contains(#""id":"book-1""#), "\(added)")
            }
        }
    }

    @Test(
        "a mistake Vapor finds is a usage error too: exit 64",
        arguments: [["serve", "--prot", "8080"], ["srve"]])
    func vaporUsageErrors(arguments: [String]) async throws {
        try await withTemporaryDirectory(prefix: "bookshelf-vapor") { directory in
            let launcher = try Self.launcher(arguments, in: directory)
            let exit = try await withLaunchedProgram(launcher) { try await $0.waitForExit() }
            #expect(exit == .exited(status: 64), "\(exit)")
        }
    }

    @Test("a bad BOOKSHELF_ setting is named, and the program exits 64")
    func badSetting() async throws {
        try await withTemporaryDirectory(prefix: "bookshelf-vapor") { directory in
            var launcher = try Self.launcher(["serve"], in: directory)
            launcher.environment["BOOKSHELF_SHUTDOWN_DEADLINE"] = "soon"
            let exit = try await withLaunchedProgram(launcher) { try await $0.waitForExit() }
            #expect(exit == .exited(status: 64))
            #expect(exit.standardError.contains("BOOKSHELF_SHUTDOWN_DEADLINE 'soon' is not a number of seconds"))
        }
    }
}
