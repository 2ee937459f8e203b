import Foundation
import RelayTesting
import Testing

@Suite("The program's own command line")
struct CommandLineTests {
    @Test("--help prints the usage and exits 0")
    func help() async throws {
        let launcher = ProgramLauncher(executable: try ProgramExecutable.product("bookshelf"), arguments: ["--help"])
        let exit = try await withLaunchedProgram(launcher) { try await $0.waitForExit() }
        #expect(exit == .exited(status: 0))
        #expect(exit.standardOutput.hasPrefix("usage: bookshelf [--host ADDRESS] [--port PORT]"))
    }

    @Test("an unknown option is named, with the usage, and the program exits 64")
    func unknownOption() async throws {
        let launcher = ProgramLauncher(
            executable: try ProgramExecutable.product("bookshelf"), arguments: ["--prot", "8080"])
        let exit = try await withLaunchedProgram(launcher) { try await $0.waitForExit() }
        #expect(exit == .exited(status: 64))
        #expect(exit.standardError.hasPrefix("bookshelf: error: unknown option '--prot'\nusage: bookshelf"))
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
                #expect(try await ShelfClient(port: port).get("health") == HTTPAnswer(status: 200, body: "ok"))
            }
        }
    }
}
