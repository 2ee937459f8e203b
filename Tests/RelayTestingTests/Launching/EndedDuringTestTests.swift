import Foundation
import RelayTestSupport
import RelayTesting
import RelayTestingSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A launched program that dies while the test runs fails the test; one the test stopped, or whose
/// exit it waited for, does not.
@Suite("A program that ends during its test")
struct EndedDuringTestTests {
    /// A server in miniature: says a few words on standard error, then serves until killed.
    static let server = "echo 'opening the store' >&2; echo 'serving' >&2; echo ready; exec sleep 3600"

    @Test("a program killed while the test runs fails the test, naming the signal and its last lines")
    func killed() async throws {
        let error = try await withDeadline {
            await #expect(throws: ProgramLaunchError.self) {
                try await withLaunchedProgram(shell(Self.server, readiness: .outputLine(containing: "ready"))) {
                    program in
                    kill(program.processIdentifier, SIGKILL)
                    // What a request to it would see: its end. The test carries on regardless.
                    _ = try? await program.waitForOutput(containing: "never written", timeout: .seconds(10))
                }
            }
        }
        #expect(error?.code == .endedDuringTest)
        #expect(error?.exit == .signalled(SIGKILL))
        #expect(
            error?.summary == """
                sh ended by signal 9 (SIGKILL) while the test ran, before the test stopped it: it was killed, or it \
                crashed; the last lines it wrote to standard error:
                  opening the store
                  serving
                """)
    }

    @Test("a program that exits with a failure by itself fails the test unless the test waited for it")
    func exitedByItself() async throws {
        let failing = shell("echo ready; exit 3", readiness: .outputLine(containing: "ready"))
        let error = try await withDeadline {
            await #expect(throws: ProgramLaunchError.self) {
                try await withLaunchedProgram(failing) { program in
                    _ = try? await program.waitForOutput(containing: "never written", timeout: .seconds(10))
                }
            }
        }
        #expect(error?.code == .endedDuringTest)
        #expect(
            error?.summary
                == "sh exited with status 3 while the test ran, before the test stopped it or waited for its exit "
                + "(waitForExit); it wrote nothing to standard error")
        // Waited for, the same end is the test's to check.
        let exit = try await withDeadline { try await withLaunchedProgram(failing) { try await $0.waitForExit() } }
        #expect(exit == .exited(status: 3))
    }

    @Test("a program the test stopped, or that finished its work with status 0, is no failure")
    func stoppedOrFinished() async throws {
        try await withDeadline {
            try await withLaunchedProgram(shell(Self.server, readiness: .outputLine(containing: "ready"))) { program in
                #expect(await program.stop() == .signalled(SIGTERM))
            }
            try await withLaunchedProgram(shell("echo ready; exit 0", readiness: .outputLine(containing: "ready"))) {
                program in
                _ = try? await program.waitForOutput(containing: "never written", timeout: .seconds(10))
            }
        }
    }
}

/// The same for a shared program, whose tests each work in a session.
@Suite("A shared program that ends during a session")
struct EndedDuringSessionTests {
    @Test("a shared program killed during a session fails that session's test, naming the signal")
    func killedDuringSession() async throws {
        let directory = try TemporaryDirectory(prefix: "ended-during-session")
        defer { directory.remove() }
        let shared = SharedProgram { () throws -> (ProgramLauncher, Void) in
            (try fixture(["sessions", directory.url.path], readiness: .outputLine(containing: "ready")), ())
        }
        let error = try await withDeadline {
            await #expect(throws: ProgramSessionError.self) {
                try await shared.withSession { session, _ in
                    kill(try #require(session.program).processIdentifier, SIGKILL)
                }
            }
        }
        #expect(error?.code == .programEnded)
        #expect(
            error?.description.wholeMatch(
                of:
                    #/RelayTestingFixture could not end session '[0-9a-f]{32}': it ended by signal 9 \(SIGKILL\) while the test ran: it was killed, or it crashed; it wrote nothing to standard error/#
            ) != nil, "\(String(describing: error))")
        await shared.stop()
    }
}
