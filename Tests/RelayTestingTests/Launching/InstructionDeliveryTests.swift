import Foundation
import RelayTesting
import Testing

@Suite("Handing dependency instructions to a program")
struct InstructionDeliveryTests {
    /// Prints each argument on a line, then the instruction variable.
    static let echoScript =
        #"for argument in "$@"; do echo "argument: $argument"; done; echo "RELAY_DEPENDENCIES=${RELAY_DEPENDENCIES-unset}""#

    func launcher(_ delivery: InstructionDelivery) -> ProgramLauncher {
        ProgramLauncher(
            executable: ProgramExecutable(path: "/bin/sh"),
            arguments: ["-c", Self.echoScript, "sh", "--port", "8080"],
            dependencyInstructions: ["type=clock,factory=fixed", "type=bookStore,factory=inMemory,scope=import"],
            instructionDelivery: delivery
        )
    }

    @Test("as arguments, each instruction follows a -d after the program's own arguments")
    func asArguments() async throws {
        let launcher = launcher(.arguments)
        #expect(
            launcher.launchArguments.suffix(6) == [
                "--port", "8080",
                "-d", "type=clock,factory=fixed",
                "-d", "type=bookStore,factory=inMemory,scope=import",
            ])
        #expect(launcher.launchEnvironment.isEmpty)

        let exit = try await withLaunchedProgram(launcher) { try await $0.waitForExit() }
        #expect(
            exit.standardOutput == """
                argument: --port
                argument: 8080
                argument: -d
                argument: type=clock,factory=fixed
                argument: -d
                argument: type=bookStore,factory=inMemory,scope=import
                RELAY_DEPENDENCIES=unset

                """
        )
    }

    @Test("in the environment, instructions are joined by ';' in RELAY_DEPENDENCIES")
    func inEnvironment() async throws {
        let launcher = launcher(.environment)
        #expect(launcher.launchArguments.suffix(2) == ["--port", "8080"])
        #expect(
            launcher.launchEnvironment == [
                "RELAY_DEPENDENCIES": "type=clock,factory=fixed;type=bookStore,factory=inMemory,scope=import"
            ])

        let exit = try await withLaunchedProgram(launcher) { try await $0.waitForExit() }
        #expect(
            exit.standardOutput == """
                argument: --port
                argument: 8080
                RELAY_DEPENDENCIES=type=clock,factory=fixed;type=bookStore,factory=inMemory,scope=import

                """
        )
    }

    @Test("no instructions, no variable")
    func noInstructions() {
        var launcher = launcher(.environment)
        launcher.dependencyInstructions = []
        #expect(launcher.launchEnvironment.isEmpty)
    }

    @Test("the command line shows the variables the launcher sets, quoted for a shell")
    func commandLine() {
        var launcher = ProgramLauncher(
            executable: ProgramExecutable(path: "/work/.build/debug/bookshelf"),
            arguments: ["--port", "41873", "--title", "Pride & Prejudice"],
            environment: ["LOG_LEVEL": "debug"],
            dependencyInstructions: ["type=clock,factory=fixed"],
            instructionDelivery: .environment
        )
        #expect(
            launcher.commandLine
                == "LOG_LEVEL=debug RELAY_DEPENDENCIES=type=clock,factory=fixed /work/.build/debug/bookshelf --port 41873 --title 'Pride & Prejudice'"
        )
        launcher.instructionDelivery = .arguments
        launcher.dependencyInstructions = ["type=clock,factory=fixed;rm -rf /"]
        #expect(
            launcher.commandLine
                == "LOG_LEVEL=debug /work/.build/debug/bookshelf --port 41873 --title 'Pride & Prejudice' -d 'type=clock,factory=fixed;rm -rf /'"
        )
    }
}
