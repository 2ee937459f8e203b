import Foundation
import RelayTestSupport
import RelayTesting
import Testing

/// How a failed exec is reported, wherever the spawn's report pipe lands.
@Suite("Reporting a failed start")
struct SpawnTests {
    @Test("a file the system will not run fails the launch, saying why")
    func execFails() async throws {
        // A directory passes the launcher's check for an executable file (it may be searched),
        // and exec refuses it. A file written here for the purpose could be refused for another
        // reason: a parallel test's fork may hold it open for writing until its own exec.
        try await withTemporaryDirectory(prefix: "spawn") { directory in
            let launcher = ProgramLauncher(executable: ProgramExecutable(url: directory.url))
            let error = try await withDeadline {
                await #expect(throws: ProgramLaunchError.self) { try await launcher.launch() }
            }
            #expect(error?.code == .failedToStart)
            #expect(
                error?.description == """
                    \(directory.url.lastPathComponent) could not be started: cannot execute \(directory.url.path): \
                    Permission denied
                    command: \(directory.url.path)
                    standard error: (empty)
                    standard output: (empty)
                    """)
        }
    }

    @Test("a report pipe made on descriptors 3 and 4 still reports the failed exec")
    func reportPipeOnLowDescriptors() async throws {
        var launcher = try fixture(["spawn-low-report"])
        // Nothing handed over: the fixture starts with 3 and 4 free.
        launcher.collectsWiringAccount = false
        let exit = try await withDeadline { [launcher] in
            try await withLaunchedProgram(launcher) { try await $0.waitForExit() }
        }
        #expect(exit == .exited(status: 0), "\(exit.standardError)")
        #expect(
            exit.standardOutput == "cannot execute /nonexistent/relay-no-such-program: No such file or directory\n")
    }
}
