import Foundation
import RelayTestSupport
import RelayTesting
import Testing

/// What the program's side of the channel does when the descriptor it inherited is no longer the
/// launcher's socket, or when the test stops reading it; see Tests/RelayTestingFixture/ChannelFixture.swift.
@Suite("The descriptors a launched program inherits")
struct InheritedDescriptorTests {
    @Test("a channel whose number the program reused is never written, read or shut down, and its calls fail")
    func channelNumberReused() async throws {
        let answers = StubAnswers(timeLimit: .seconds(2))
        answers.answer("greeter", "greeting") { (name: String) in "Hello, \(name)" }
        var launcher = try fixture(
            ["reused-channel"], instructions: ["type=greeter,factory=answeredGreeter"],
            readiness: .outputLine(containing: "ready"))
        launcher.stubAnswers = answers
        launcher.commandTimeLimit = .seconds(2)
        let (refusal, exit) = try await withDeadline { [launcher] in
            try await withLaunchedProgram(launcher) { program in
                // The command reaches the socket the program no longer names: its reading thread
                // wakes, finds the number reused, and drops what it read instead of reading on.
                let refusal = await #expect(throws: ProgramSessionError.self) { try await program.resetWiring() }
                return (refusal, await program.stop())
            }
        }
        #expect(exit == .exited(status: 0), "\(exit.standardError)")
        #expect(
            exit.standardOutput == """
                error Ann: greeter.greeting("Ann") got no answer: the channel to the test is closed (the program \
                closed descriptor 4, or opened another file as 4)
                ready
                written to the stranger: 0 bytes
                left for the stranger: stranger's bytes
                the stranger's connection: open

                """)
        #expect(
            refusal?.description
                == "RelayTestingFixture could not reset its wiring: the program's channel ended before the command "
                + "was done (has the program exited?)")
        #expect(answers.journal.entries.isEmpty, "\(answers.journal)")
    }

    @Test("calls to a test that stopped reading fail by their time limit, and hold no thread of the pool")
    func testStopsReading() async throws {
        let exit = try await withDeadline {
            try await withLaunchedProgram(try fixture(["stalled-channel"])) { program in
                try await program.waitForExit(timeout: .seconds(15))
            }
        }
        #expect(exit == .exited(status: 0), "\(exit.standardError)")
        #expect(
            exit.standardOutput == """
                each call that filled the socket failed by the time limit
                error Ann: greeter.greeting("Ann") got no answer: the channel to the test is closed (the test did not \
                read a message within 1.0 seconds)
                the cooperative pool runs tasks

                """)
    }
}
