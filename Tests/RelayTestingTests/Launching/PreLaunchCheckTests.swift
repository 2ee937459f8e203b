import Foundation
import RelayTestSupport
import RelayTesting
import Testing

/// A program checks its own wiring and exits when asked, and the launcher checks a test's
/// instructions against the program's index before it starts the program. The fixture's `wiring`
/// mode indexes `clock`, `store` and `auditor`, and registers no auditor (see
/// Tests/RelayTestingFixture/WiringFixture.swift).
@Suite("Checked before the program starts")
struct PreLaunchCheckTests {
    /// The fixture in `wiring` mode, with the check before launch on.
    func wiring(_ arguments: [String] = [], instructions: [String] = []) throws -> ProgramLauncher {
        var launcher = try fixture(["wiring", "--allow-unregistered"] + arguments, instructions: instructions)
        launcher.checksInstructionsBeforeLaunch = true
        launcher.readinessTimeout = .seconds(10)
        return launcher
    }

    @Test("checkDependencies() returns the program's report: its index, and what it could not check")
    func checkPasses() async throws {
        let report = try await withDeadline { try await wiring().checkDependencies() }
        #expect(report.passed)
        #expect(report.index.types.keys.sorted() == ["auditor", "clock", "store"])
        #expect(report.index.factories["memoryStore"]?.produces?.name == "Store")
        // Clock, store and the two reports: closures that declare nothing.
        #expect(report.unchecked.count == 4, "\(report)")
    }

    @Test("checkDependencies() fails with every problem the program found, and the program did no work")
    func checkFails() async throws {
        var launcher = try fixture(["wiring"])
        launcher.readinessTimeout = .seconds(10)
        let error = try await withDeadline { [launcher] in
            try await #require(throws: ProgramLaunchError.self) { try await launcher.checkDependencies() }
        }
        #expect(error.code == .dependencyCheckFailed)
        #expect(error.summary.contains("Type key 'auditor' names 'Auditor', which the program registers nowhere"))
        #expect(!error.summary.contains("report in"), "the program checked, and ran nothing")
    }

    @Test("--check-dependencies prints the report and exits 0 without running the program")
    func flag() async throws {
        let exit = try await withDeadline {
            try await withLaunchedProgram(try wiring(["--check-dependencies"])) { try await $0.waitForExit() }
        }
        #expect(exit == .exited(status: 0), "\(exit.standardError)")
        #expect(exit.standardOutput.contains("Index: 3 type keys, 3 factory keys. No problems."), "\(exit)")
        #expect(!exit.standardOutput.contains("report in"))
    }

    @Test("--check-dependencies exits 1 when a problem is found, and checks the instructions given with it")
    func flagWithProblems() async throws {
        var launcher = try wiring(["--check-dependencies"], instructions: ["type=clock,factory=fixdClock"])
        launcher.checksInstructionsBeforeLaunch = false
        let exit = try await withDeadline { [launcher] in
            try await withLaunchedProgram(launcher) { try await $0.waitForExit() }
        }
        #expect(exit == .exited(status: 1))
        #expect(
            exit.standardOutput.contains("[instruction: unknownFactoryKey] Unknown factory key 'fixdClock'"),
            "\(exit.standardOutput)")
    }

    @Test("an instruction with an unknown key fails the launch before the program starts")
    func unknownKeyRejected() async throws {
        let launcher = try wiring(["--stay"], instructions: ["type=clokc,factory=fixedClock"])
        let error = try await withDeadline {
            try await #require(throws: ProgramLaunchError.self) { try await launcher.launch() }
        }
        #expect(error.code == .instructionRejected)
        #expect(error.summary.contains("Unknown type key 'clokc'. Did you mean 'clock'?"), "\(error)")
        #expect(error.exit == nil)
        #expect(error.standardOutput.isEmpty)
    }

    @Test("a factory paired with another type fails the launch before the program starts")
    func mismatchRejected() async throws {
        let launcher = try wiring(["--stay"], instructions: ["type=clock,factory=memoryStore"])
        let error = try await withDeadline {
            try await #require(throws: ProgramLaunchError.self) { try await launcher.launch() }
        }
        #expect(error.code == .instructionRejected)
        #expect(error.summary.contains("Factory 'memoryStore' produces 'Store', but type key 'clock' names 'Clock'"))
    }

    @Test("instructions that fit are launched as usual")
    func fittingInstructionLaunches() async throws {
        let exit = try await withDeadline {
            try await withLaunchedProgram(try wiring(instructions: ["type=clock,factory=fixedClock"])) {
                try await $0.waitForExit()
            }
        }
        #expect(exit.standardOutput.contains("report in global: FixedClock, DiskStore"), "\(exit)")
    }

    @Test("a program that does not check itself is launched unchecked; asked to check, it says it did not")
    func programWithoutCheck() async throws {
        var launcher = ProgramLauncher(
            executable: ProgramExecutable(path: "/bin/sh"), arguments: ["-c", "echo ran"],
            dependencyInstructions: ["type=clokc,factory=anything"], readinessTimeout: .seconds(10))
        let exit = try await withDeadline { [launcher] in
            try await withLaunchedProgram(launcher) { try await $0.waitForExit() }
        }
        #expect(exit.standardOutput == "ran\n")

        launcher.dependencyInstructions = []
        let error = try await withDeadline { [launcher] in
            try await #require(throws: ProgramLaunchError.self) { try await launcher.checkDependencies() }
        }
        #expect(error.code == .dependencyCheckUnavailable)
        #expect(error.summary.contains("without checking its wiring"), "\(error)")
    }

    @Test("a program that ignores the question and keeps running is stopped at the limit, then launched unchecked")
    func programThatKeepsRunning() async throws {
        // Its own shell, so that its index question is asked here, not answered from the cache.
        let shell = try #require(
            ["/usr/bin/sh", "/bin/bash", "/usr/bin/bash"].first {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        let launcher = ProgramLauncher(
            executable: ProgramExecutable(path: shell), arguments: ["-c", "echo ready; exec sleep 30"],
            dependencyInstructions: ["type=clock,factory=fixed"], readiness: .outputLine(containing: "ready"),
            readinessTimeout: .seconds(1))
        let line = try await withDeadline {
            try await withLaunchedProgram(launcher) { program in program.readinessLine }
        }
        #expect(line == "ready")
    }

    @Test("with its test hooks shut, the program ignores the launcher's request and runs")
    func hooksShut() async throws {
        let launcher = try wiring(["--no-test-hooks"])
        let error = try await withDeadline {
            try await #require(throws: ProgramLaunchError.self) { try await launcher.checkDependencies() }
        }
        #expect(error.code == .dependencyCheckUnavailable)
        #expect(error.standardOutput.contains("report in global"), "it ran as a program does: \(error)")
    }
}
