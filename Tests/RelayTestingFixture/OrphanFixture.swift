import Foundation
import RelayTesting

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A test process in miniature: it launches a program with RelayTesting and then waits, so that a
/// test can kill it with `SIGKILL` and check that the program it launched died too.
enum OrphanFixture {
    /// Launches this executable's `sleep` mode, prints "child <pid>", and waits until killed.
    static func launchAndWait() async -> Never {
        guard let executable = Bundle.main.executableURL else { fail("cannot find my own executable", status: 70) }
        let launcher = ProgramLauncher(
            executable: ProgramExecutable(url: executable),
            arguments: ["sleep"],
            readiness: .outputLine(containing: "sleeping")
        )
        do {
            // Kept, not stopped: the point is what happens to it when this process is killed.
            let program = try await launcher.launch()
            say("child \(program.processIdentifier)")
            withExtendedLifetime(program) { sleepUntilKilled() }
        } catch {
            fail("\(error)", status: 70)
        }
    }
}
