import Foundation
import RelayTesting
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Launching programs")
struct ProgramLauncherTests {
    @Test("a program is ready once it writes the awaited line, and stopping it ends it")
    func readyOnOutputLine() async throws {
        let program = try await shell(
            "echo starting; echo server ready; sleep 30", readiness: .outputLine(containing: "ready")
        )
        .launch()
        #expect(program.readinessLine == "server ready")
        #expect(program.isRunning)
        #expect(program.standardOutput == "starting\nserver ready\n")

        let exit = await program.stop()

        #expect(exit == .signalled(SIGTERM))
        #expect(exit.standardOutput == "starting\nserver ready\n")
        #expect(!program.isRunning)
        #expect(!ProcessProbe.isAlive(program.processIdentifier))
    }

    @Test("the awaited line may come on standard error")
    func readyOnStandardError() async throws {
        try await withLaunchedProgram(
            shell("echo 'listening' >&2; sleep 30", readiness: .outputLine(containing: "listening"))
        ) {
            program in
            #expect(program.readinessLine == "listening")
            #expect(program.standardError == "listening\n")
            #expect(program.standardOutput == "")
        }
    }

    @Test("a program's exit status and standard error are captured")
    func exitStatusAndStandardError() async throws {
        let exit = try await withLaunchedProgram(shell("echo partial; echo 'no such table: books' >&2; exit 3")) {
            try await $0.waitForExit()
        }
        #expect(exit == .exited(status: 3))
        #expect(!exit.succeeded)
        #expect(exit.standardOutput == "partial\n")
        #expect(exit.standardError == "no such table: books\n")
        #expect(exit.description == "exited with status 3")
    }

    @Test("a program that writes the awaited line and exits at once still was ready")
    func readyThenExited() async throws {
        let program = try await shell("echo ready; exit 0", readiness: .outputLine(containing: "ready")).launch()
        #expect(program.readinessLine == "ready")
        #expect(try await program.waitForExit() == .exited(status: 0))
    }

    @Test("a program that exits before it is ready fails the launch with its command line and output")
    func exitBeforeReady() async throws {
        let launcher = shell(
            "echo booting; echo \"unknown token 'clokc'\" >&2; exit 64", readiness: .outputLine(containing: "listening")
        )
        let error = try await #require(throws: ProgramLaunchError.self) { try await launcher.launch() }

        #expect(error.code == .exitedBeforeReady)
        #expect(error.exit == .exited(status: 64))
        #expect(
            error.description == """
                sh exited with status 64 before it was ready (waited for a line containing 'listening')
                command: /bin/sh -c 'echo booting; echo "unknown token '\\''clokc'\\''" >&2; exit 64'
                standard error:
                  unknown token 'clokc'
                standard output:
                  booting
                """
        )
    }

    @Test("a program that never becomes ready times out, is stopped, and its output is reported")
    func readinessTimeout() async throws {
        let launcher = shell(
            "echo 'still booting'; sleep 30", readiness: .outputLine(containing: "ready"),
            readinessTimeout: .milliseconds(300))
        let error = try await #require(throws: ProgramLaunchError.self) { try await launcher.launch() }

        #expect(error.code == .readinessTimedOut)
        #expect(error.exit == nil)
        #expect(error.standardOutput == "still booting\n")
        #expect(
            error.description == """
                sh was not ready within 0.3 seconds (waited for a line containing 'ready'); it was stopped
                command: /bin/sh -c 'echo '\\''still booting'\\''; sleep 30'
                standard error: (empty)
                standard output:
                  still booting
                """
        )
    }

    @Test("a missing executable is reported before anything starts")
    func missingExecutable() async throws {
        let launcher = ProgramLauncher(
            executable: ProgramExecutable(path: "/nonexistent/bookshelf"), arguments: ["--port", "8080"])
        let error = try await #require(throws: ProgramLaunchError.self) { try await launcher.launch() }

        #expect(error.code == .executableNotFound)
        #expect(
            error.description == """
                no executable file at /nonexistent/bookshelf
                command: /nonexistent/bookshelf --port 8080
                standard error: (empty)
                standard output: (empty)
                """
        )
    }

    @Test("output written after readiness can be awaited")
    func waitForLaterOutput() async throws {
        try await withLaunchedProgram(
            shell("echo ready; echo 'imported 3 books'; sleep 30", readiness: .outputLine(containing: "ready"))
        ) {
            program in
            let line = try await program.waitForOutput(containing: "imported")
            #expect(line == "imported 3 books")
        }
    }

    @Test("awaiting output that never comes fails once the program has ended")
    func waitForOutputThatNeverComes() async throws {
        try await withLaunchedProgram(shell("echo done")) { program in
            let error = try await #require(throws: ProgramLaunchError.self) {
                try await program.waitForOutput(containing: "listening")
            }
            #expect(error.code == .exitedBeforeOutput)
            #expect(error.exit == .exited(status: 0))
            #expect(error.standardOutput == "done\n")
        }
    }

    @Test("a large output is captured whole, without the program blocking on a full pipe")
    func largeOutput() async throws {
        let exit = try await withLaunchedProgram(shell("head -c 1000000 /dev/zero | tr '\\0' a; echo; echo done >&2")) {
            try await $0.waitForExit()
        }
        #expect(exit == .exited(status: 0))
        #expect(exit.standardOutput.utf8.count == 1_000_001)
        #expect(exit.standardError == "done\n")
    }

    @Test("the program's standard input is empty")
    func emptyStandardInput() async throws {
        let exit = try await withLaunchedProgram(shell("wc -c")) { try await $0.waitForExit() }
        #expect(exit.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }

    @Test("the launcher's environment is laid over the inherited one")
    func environment() async throws {
        var launcher = shell("echo \"$BOOKSHELF_MODE/${HOME:+home}\"")
        launcher.environment = ["BOOKSHELF_MODE": "test"]
        let exit = try await withLaunchedProgram(launcher) { try await $0.waitForExit() }
        #expect(exit.standardOutput == "test/home\n")
    }

    @Test("the working directory can be chosen")
    func workingDirectory() async throws {
        try await withTemporaryDirectory { directory in
            var launcher = shell("pwd -P")
            launcher.workingDirectory = directory.url
            let exit = try await withLaunchedProgram(launcher) { try await $0.waitForExit() }
            let expected = directory.url.resolvingSymlinksInPath().path
            #expect(exit.standardOutput == expected + "\n")
        }
    }

    @Test("waiting for an exit that does not come fails with the captured output, leaving the program running")
    func exitTimeout() async throws {
        try await withLaunchedProgram(shell("echo working; sleep 30", readiness: .outputLine(containing: "working"))) {
            program in
            let error = try await #require(throws: ProgramLaunchError.self) {
                try await program.waitForExit(timeout: .milliseconds(100))
            }
            #expect(error.code == .exitTimedOut)
            #expect(error.standardOutput == "working\n")
            #expect(program.isRunning)
        }
    }
}
