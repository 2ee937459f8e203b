import Foundation
import RelayTesting
import Testing

/// How the launcher finds an awaited line in what a program writes: whole lines, however the
/// bytes arrive, and without falling behind a program that writes a lot.
@Suite("Finding a line in a program's output")
struct OutputLineTests {
    @Test("a line written in pieces is found once it contains the text, and a CRLF ending is not part of it")
    func lineWrittenInPieces() async throws {
        try await withLaunchedProgram(
            shell(
                #"printf 'server re'; sleep 0.2; printf 'ady on 8080\r\n'; sleep 30"#,
                readiness: .outputLine(containing: "ready on")
            )
        ) { program in
            #expect(program.readinessLine == "server ready on 8080")
        }
    }

    @Test("the text is looked for in each line, not across lines")
    func textDoesNotSpanLines() async throws {
        try await withLaunchedProgram(shell("printf 'server\\nready\\n'; sleep 30")) { program in
            await #expect(throws: ProgramLaunchError.self) {
                try await program.waitForOutput(containing: "server ready", timeout: .milliseconds(300))
            }
            let line = try await program.waitForOutput(containing: "ready")
            #expect(line == "ready")
        }
    }

    // Before the search resumed where it had left off, every chunk a reader handed over made it
    // decode and split the whole output again, and the program sat blocked on a full pipe: these
    // 4 MB took 46 s to be found ready on the 2-core CI machine. Now they take under 2 s (under
    // 6 s with the thread sanitizer), well inside the 20 s limit.
    @Test("a program that writes megabytes, a line at a time, before its awaited line is found ready")
    func readyAfterMegabytesOfOutput() async throws {
        let lines = 40_000
        var launcher = try fixture(["chatty", "\(lines)"], readiness: .outputLine(containing: "ready"))
        launcher.readinessTimeout = .seconds(20)
        try await withLaunchedProgram(launcher) { program in
            #expect(program.readinessLine == "ready")
            #expect(program.standardOutput.utf8.count == lines * 100 + "ready\n".utf8.count)
            // A second wait starts over from the beginning, and finds the same line.
            let again = try await program.waitForOutput(containing: "ready", timeout: .seconds(60))
            #expect(again == "ready")
        }
    }
}
