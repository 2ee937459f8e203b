import RelayTesting
import Testing

/// A readiness line written with `print()` into a pipe sits in the program's buffer: the launcher
/// asks Relay's parser in the program to line-buffer standard output, and when the line still only
/// comes as the program ends, the error says why and what to do instead of that it never came.
@Suite("A readiness line written with print()")
struct BufferedReadinessTests {
    @Test("reaches the launcher when the program runs Relay's instruction parser before printing it")
    func aPrintedLineIsSeenWhenRelaysParserRuns() async throws {
        var launcher = try fixture(["printing", "--parse"], readiness: .outputLine(containing: "ready"))
        launcher.readinessTimeout = .seconds(20)
        try await withLaunchedProgram(launcher) { program in
            #expect(program.readinessLine == "ready")
        }
    }

    @Test("that comes only as the program ends fails the launch saying it sat in a buffer, and what to do")
    func aBufferedLineIsExplained() async throws {
        var launcher = try fixture(["printing"], readiness: .outputLine(containing: "ready"))
        launcher.readinessTimeout = .seconds(1)
        let error = try await #require(throws: ProgramLaunchError.self) {
            try await withLaunchedProgram(launcher) { _ in }
        }
        #expect(error.code == .readinessTimedOut)
        #expect(
            error.summary
                == "RelayTestingFixture wrote its line containing 'ready' only as it ended: its standard output is a "
                + "pipe, which the C library block-buffers, so print() kept the line in the program's buffer. Run "
                + "Relay's InjectDependenciesArgumentParser before printing it (the launcher asks it to line-buffer "
                + "standard output), call fflush(stdout) after the line, or write the line to standard error")
        #expect(error.standardOutput.contains("ready"))
    }

    @Test("a launcher told not to ask leaves the program's buffering alone")
    func aLauncherMayNotAsk() async throws {
        var launcher = try fixture(["printing", "--parse"], readiness: .outputLine(containing: "ready"))
        launcher.readinessTimeout = .seconds(1)
        launcher.asksForLineBufferedOutput = false
        let error = try await #require(throws: ProgramLaunchError.self) {
            try await withLaunchedProgram(launcher) { _ in }
        }
        #expect(error.summary.hasPrefix("RelayTestingFixture wrote its line containing 'ready' only as it ended"))
    }
}
