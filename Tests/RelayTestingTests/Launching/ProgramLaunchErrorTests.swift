import RelayTesting
import Testing

@Suite("Launch errors")
struct ProgramLaunchErrorTests {
    @Test(
        "every code is named as before",
        arguments: [
            (ProgramLaunchError.Code.executableNotFound, "executableNotFound"),
            (.failedToStart, "failedToStart"),
            (.exitedBeforeReady, "exitedBeforeReady"),
            (.readinessTimedOut, "readinessTimedOut"),
            (.exitTimedOut, "exitTimedOut"),
            (.outputTimedOut, "outputTimedOut"),
            (.exitedBeforeOutput, "exitedBeforeOutput"),
            (.buildFailed, "buildFailed"),
            (.wiringAccountUnavailable, "wiringAccountUnavailable"),
            (.unansweredStubCalls, "unansweredStubCalls"),
            (.unusedInstructions, "unusedInstructions"),
            (.endedDuringTest, "endedDuringTest"),
        ])
    func codeNames(code: ProgramLaunchError.Code, name: String) {
        #expect(code.name == name)
        #expect(code.description == name)
    }

    @Test("codes are told apart")
    func codesDiffer() {
        let codes: Set<ProgramLaunchError.Code> = [
            .executableNotFound, .failedToStart, .exitedBeforeReady, .readinessTimedOut,
            .exitTimedOut, .outputTimedOut, .exitedBeforeOutput, .buildFailed, .wiringAccountUnavailable,
            .unansweredStubCalls, .unusedInstructions, .endedDuringTest,
        ]
        #expect(codes.count == 12)
    }

    @Test("the message shows the summary, the command line, and each stream indented or marked empty")
    func message() {
        let error = ProgramLaunchError(
            code: .exitedBeforeReady,
            summary: "bookshelf exited with status 64 before it was ready (waited for a line containing 'ready')",
            commandLine: "RELAY_DEPENDENCIES='type=clokc,factory=fixed' /work/.build/debug/bookshelf --port 41873",
            standardError: "error: unknown type key 'clokc'\nknown types: clock\n",
            exit: .exited(status: 64)
        )
        #expect(
            error.description == """
                bookshelf exited with status 64 before it was ready (waited for a line containing 'ready')
                command: RELAY_DEPENDENCIES='type=clokc,factory=fixed' /work/.build/debug/bookshelf --port 41873
                standard error:
                  error: unknown type key 'clokc'
                  known types: clock
                standard output: (empty)
                """
        )
    }
}
