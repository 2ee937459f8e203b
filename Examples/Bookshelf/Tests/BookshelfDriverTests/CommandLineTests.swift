import Foundation
import RelayTesting
import RelayTestingHTTP
import Testing

@Suite("The program's own command line")
struct CommandLineTests {
    @Test("--help lists every option, -d among them in a debug build, and exits 0")
    func help() async throws {
        let launcher = ProgramLauncher(executable: try ProgramExecutable.product("bookshelf"), arguments: ["--help"])
        let exit = try await withLaunchedProgram(launcher) { try await $0.waitForExit() }
        #expect(exit == .exited(status: 0))
        #expect(
            exit.standardOutput.contains(
                "USAGE: bookshelf [--host <address>] [--port <port>] [--database <file>] [--catalog-url <url>]"))
        for option in ["--host <address>", "--port <port>", "--database <file>", "--catalog-url <url>", "-h, --help"] {
            #expect(exit.standardOutput.contains("  \(option)"), "\(option) is missing from the help")
        }
        #expect(
            exit.standardOutput.contains(
                "-d, --dependency <type=<type>,factory=<factory>[,scope=<scope>][,lifecycle=<lifecycle>]>"))
    }

    @Test("an unknown option is named, with the usage, and the program exits 64")
    func unknownOption() async throws {
        let launcher = ProgramLauncher(
            executable: try ProgramExecutable.product("bookshelf"), arguments: ["--prot", "8080"])
        let exit = try await withLaunchedProgram(launcher) { try await $0.waitForExit() }
        #expect(exit == .exited(status: 64))
        #expect(
            exit.standardError.hasPrefix("Error: Unknown option '--prot'. Did you mean '--port'?\nUsage: bookshelf"))
    }

    @Test("a port out of range is named, and the program exits 64", arguments: ["65536", "http"])
    func badPort(port: String) async throws {
        let launcher = ProgramLauncher(
            executable: try ProgramExecutable.product("bookshelf"), arguments: ["--port", port])
        let exit = try await withLaunchedProgram(launcher) { try await $0.waitForExit() }
        #expect(exit == .exited(status: 64))
        #expect(exit.standardError.hasPrefix("Error: "))
        #expect(exit.standardError.contains("'\(port)'"), "\(exit.standardError)")
    }

    @Test("--port 0 listens on a port the system picks, and says which")
    func systemPickedPort() async throws {
        try await withTemporaryDirectory(prefix: "bookshelf") { directory in
            let launcher = ProgramLauncher(
                executable: try ProgramExecutable.product("bookshelf"),
                arguments: ["--port", "0", "--database", directory.file(named: "books.sqlite").path],
                readiness: .outputLine(containing: Bookshelf.readyLine)
            )
            try await withLaunchedProgram(launcher) { program in
                let line = try #require(program.readinessLine)
                let port = try #require(line.split(separator: ":").last.flatMap { Int($0) })
                #expect(try await ProgramHTTPClient(port: port).get("health") == HTTPAnswer(status: 200, body: "ok"))
            }
        }
    }
}
