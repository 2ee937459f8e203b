import Foundation
import RelayTesting
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Stopping programs")
struct StoppingTests {
    @Test("stopping ends the program and every process it started")
    func noOrphans() async throws {
        let launcher = shell(
            "sleep 30 & echo \"child $!\"; sleep 30 & echo \"child $!\"; echo ready; wait",
            readiness: .outputLine(containing: "ready"))
        let program = try await launcher.launch()
        let children = program.standardOutput.split(separator: "\n")
            .filter { $0.hasPrefix("child ") }
            .compactMap { Int32($0.dropFirst("child ".count)) }
        try #require(children.count == 2)
        #expect(children.allSatisfy(ProcessProbe.isAlive))

        await program.stop()

        #expect(!ProcessProbe.isAlive(program.processIdentifier))
        for child in children {
            #expect(!ProcessProbe.isAlive(child), "child \(child) outlived the stop")
        }
    }

    @Test("a program gets SIGTERM first, so it can shut down gracefully")
    func gracefulShutdown() async throws {
        let launcher = shell(
            "trap 'echo \"shutting down\"; exit 0' TERM; echo ready; sleep 30 & wait",
            readiness: .outputLine(containing: "ready"))
        let program = try await launcher.launch()

        let exit = await program.stop(gracePeriod: .seconds(30))

        #expect(exit == .exited(status: 0))
        #expect(exit.standardOutput == "ready\nshutting down\n")
    }

    #if os(Linux)
    @Test("a program starts with no signal blocked, though tasks run on threads that block them")
    func noSignalsBlocked() async throws {
        let exit = try await withLaunchedProgram(shell("grep SigBlk /proc/self/status")) { try await $0.waitForExit() }
        #expect(exit.standardOutput == "SigBlk:\t0000000000000000\n")
    }
    #endif

    @Test("a program that ignores SIGTERM is killed after the grace period")
    func escalatesToKill() async throws {
        let launcher = shell(
            "trap '' TERM; echo ready; while :; do sleep 1; done", readiness: .outputLine(containing: "ready"))
        let program = try await launcher.launch()

        let exit = await program.stop(gracePeriod: .milliseconds(200))

        #expect(exit == .signalled(SIGKILL))
        #expect(!ProcessProbe.isAlive(program.processIdentifier))
    }

    @Test("the scoped form stops the program when the test's work throws")
    func scopedStopOnThrow() async throws {
        struct AssertionFailed: Error {}
        var launchedIdentifier: Int32?

        await #expect(throws: AssertionFailed.self) {
            try await withLaunchedProgram(shell("echo ready; sleep 30", readiness: .outputLine(containing: "ready"))) {
                program in
                launchedIdentifier = program.processIdentifier
                throw AssertionFailed()
            }
        }

        let identifier = try #require(launchedIdentifier)
        #expect(!ProcessProbe.isAlive(identifier))
    }

    @Test("the scoped form stops the program when the test's task is cancelled")
    func scopedStopOnCancel() async throws {
        let identifiers = AsyncStream.makeStream(of: Int32.self)
        let test = Task {
            try await withLaunchedProgram(shell("echo ready; sleep 30", readiness: .outputLine(containing: "ready"))) {
                program in
                identifiers.continuation.yield(program.processIdentifier)
                _ = try await program.waitForExit(timeout: .seconds(60))
            }
        }
        var iterator = identifiers.stream.makeAsyncIterator()
        let identifier = try #require(await iterator.next())

        test.cancel()
        _ = await test.result

        #expect(!ProcessProbe.isAlive(identifier))
    }

    @Test("stopping a program that has already exited reports its exit")
    func stopAfterExit() async throws {
        let program = try await shell("echo bye; exit 7").launch()
        _ = try await program.waitForExit()

        let exit = await program.stop()

        #expect(exit == .exited(status: 7))
        #expect(exit.standardOutput == "bye\n")
    }

    @Test("a program nobody stopped is killed when its last reference goes")
    func killedOnRelease() async throws {
        var program: LaunchedProgram? = try await shell(
            "echo ready; sleep 30", readiness: .outputLine(containing: "ready")
        ).launch()
        let identifier = try #require(program?.processIdentifier)
        #expect(ProcessProbe.isAlive(identifier))

        program = nil

        // The kill is sent at once; the process needs a moment to die, which wakes the wait.
        let gone = await ProcessProbe.waitUntilGone(identifier, within: .seconds(10))
        #expect(gone)
    }
}
