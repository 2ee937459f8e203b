import Foundation
import Relay
import RelayTestSupport
import RelayTesting
import Testing

/// The fixture's `answered` mode greets names through a greeter whose calls the test answers; see
/// Tests/RelayTestingFixture/AnsweredFixture.swift.
@Suite("Stubs the test answers, in a launched program")
struct LaunchedStubAnswerTests {
    static let answeredGreeter = "type=greeter,factory=answeredGreeter"

    /// What the test throws to refuse a greeting: the fixture's type of the same name and shape.
    struct GreetingRefused: Error, Codable {
        let reason: String
    }

    struct NotCodable: Error, CustomStringConvertible {
        var description: String { "the greeting service is on strike" }
    }

    private func launcher(_ names: [String], answers: StubAnswers?, flags: [String] = []) throws -> ProgramLauncher {
        var launcher = try fixture(["answered"] + flags + names, instructions: [Self.answeredGreeter])
        launcher.stubAnswers = answers
        return launcher
    }

    @Test("each call is answered by the test's closure, and the journal has them in order")
    func answeredAndJournaled() async throws {
        let answers = StubAnswers()
        answers.answer("greeter", "greeting") { (name: String) in "Good morning, \(name)" }
        answers.answer("greeter", "count") { 2 }
        answers.answer("greeter", "reset") { () -> Bool in true }
        try await withDeadline {
            try await withLaunchedProgram(try launcher(["Ann", "Bob"], answers: answers, flags: ["--reset"])) {
                program in
                _ = try await program.waitForOutput(containing: "greeted")
                #expect(program.standardOutput.contains("greeting Ann: Good morning, Ann\n"))
                #expect(program.standardOutput.contains("greeting Bob: Good morning, Bob\n"))
                #expect(program.standardOutput.contains("count: 2\n"))
            }
        }
        let journal = answers.journal
        #expect(try journal.arguments(of: "greeter", "greeting", as: String.self) == ["Ann", "Bob"], "\(journal)")
        #expect(journal.calls(to: "greeter").map(\.name) == ["greeting", "greeting", "reset", "count"])
        #expect(journal.entries.allSatisfy { if case .answered = $0.outcome { true } else { false } })
        #expect(journal.description.contains(#"1. greeter.greeting("Ann") → answered "Good morning, Ann""#))
    }

    @Test("an error the test throws reaches the stub: as itself when the stub decodes its type, else described")
    func thrownErrors() async throws {
        let answers = StubAnswers()
        answers.answer("greeter", "greeting") { (name: String) -> String in
            if name == "Ann" { throw GreetingRefused(reason: "Ann asked not to be greeted") }
            throw NotCodable()
        }
        try await withDeadline {
            try await withLaunchedProgram(try launcher(["Ann", "Bob"], answers: answers)) { program in
                _ = try await program.waitForOutput(containing: "greeted 0")
                #expect(program.standardOutput.contains("refused Ann: Ann asked not to be greeted\n"))
                #expect(
                    program.standardOutput.contains(
                        #"error Bob: greeter.greeting("Bob") failed: the test's answer threw NotCodable: "#
                            + "the greeting service is on strike"), "\(program.standardOutput)")
            }
        }
    }

    @Test("a call the test gives no answer for fails in the program at once, naming what the test answers")
    func unanswered() async throws {
        let answers = StubAnswers()
        answers.answer("greeter", "count") { 0 }
        answers.answer("greeter", "reset") { true }
        let error = try await withDeadline {
            await #expect(throws: ProgramLaunchError.self) {
                try await withLaunchedProgram(try launcher(["Ann"], answers: answers)) { program in
                    _ = try await program.waitForOutput(containing: "greeted 0")
                    #expect(
                        program.standardOutput == """
                            error Ann: greeter.greeting("Ann") got no answer: the test gives none for greeter.greeting \
                            (of greeter it answers only count, reset). Give one before the program makes the call: \
                            answers.answer(.greeter, "greeting") { … }
                            greeted 0

                            """)
                }
            }
        }
        #expect(error?.code == .unansweredStubCalls)
        #expect(
            error?.summary == """
                RelayTestingFixture made 1 stub call the test gave no answer for (each failed in the program): \
                greeter.greeting("Ann"). The test answers greeter.count, greeter.reset. Give an answer with \
                StubAnswers.answer(_:_:with:) before the program makes the call, or answer with a closure that \
                throws where a failure is the point
                """)
        #expect(answers.unansweredCalls == [StubCall(typeKey: "greeter", name: "greeting", argument: #""Ann""#)])
    }

    @Test("the test changes an answer while the program runs")
    func changedWhileRunning() async throws {
        let answers = StubAnswers()
        answers.answer("greeter", "greeting") { (name: String) in "first, \(name)" }
        try await withDeadline {
            try await withLaunchedProgram(try launcher(["Ann"], answers: answers, flags: ["--loop"])) { program in
                _ = try await program.waitForOutput(containing: "greeting Ann: first, Ann")
                answers.answer("greeter", "greeting") { (name: String) in "then, \(name)" }
                _ = try await program.waitForOutput(containing: "greeting Ann: then, Ann")
            }
        }
    }

    @Test("a closure that never returns fails the call in the program after the time limit, and is cancelled")
    func timeLimit() async throws {
        let answers = StubAnswers(timeLimit: .milliseconds(300))
        let cancelled = AsyncStream<Void>.makeStream()
        answers.answer("greeter", "greeting") { (_: String) -> String in
            do {
                try await untilCancelled()
            } catch {
                cancelled.continuation.yield()
                throw error
            }
            return "too late"
        }
        try await withDeadline {
            try await withLaunchedProgram(try launcher(["Ann"], answers: answers)) { program in
                _ = try await program.waitForOutput(containing: "greeted 0", timeout: .seconds(10))
                #expect(
                    program.standardOutput.contains(
                        #"error Ann: greeter.greeting("Ann") got no answer within 0.3 seconds"#),
                    "\(program.standardOutput)")
            }
            // The test's closure was told, as in process; the journal says the call timed out.
            var iterator = cancelled.stream.makeAsyncIterator()
            await iterator.next()
        }
        #expect(answers.journal.entries.map(\.outcome) == [.timedOut], "\(answers.journal)")
    }

    @Test("the journal waits for the program's calls, and says which came when they do not")
    func waitingForCalls() async throws {
        let answers = StubAnswers()
        answers.answer("greeter", "greeting") { (name: String) in "Hi, \(name)" }
        try await withDeadline {
            try await withLaunchedProgram(try launcher(["Ann"], answers: answers, flags: ["--loop"])) { _ in
                // The program greets Ann every 50 ms, on its own time.
                let journal = try await answers.journal.wait(for: "greeter", "greeting", count: 3)
                #expect(journal.calls(to: "greeter", "greeting").count >= 3)
                let error = await #expect(throws: StubJournalTimeout.self) {
                    try await answers.journal.wait(for: "greeter", "count", count: 1, timeout: .milliseconds(200))
                }
                #expect(error?.found == 0)
                #expect(
                    error?.description.hasPrefix(
                        "Waited 0.2 seconds for 1 call to greeter.count; 0 came. The calls so far:\n"
                            + #"  1. greeter.greeting("Ann") → answered "Hi, Ann""#) == true,
                    "\(String(describing: error))")
            }
        }
    }

    @Test("an answer of the wrong type, or a closure that takes another argument, is named in the program")
    func wrongTypes() async throws {
        let answers = StubAnswers()
        answers.answer("greeter", "greeting") { (name: String) in name.count }
        answers.answer("greeter", "count") { (_: [Int]) in 1 }
        answers.answer("greeter", "reset") { true }
        try await withDeadline {
            try await withLaunchedProgram(try launcher(["Ann"], answers: answers, flags: ["--reset"])) { program in
                _ = try await program.waitForOutput(containing: "greeted 0")
                let output = program.standardOutput
                #expect(
                    output.contains(
                        #"error Ann: greeter.greeting("Ann"): the test's answer is not what the stub expects: "#
                            + "the value is not a String (expected String, got 3)"), "\(output)")
                #expect(
                    output.contains(
                        "error reset: greeter.count(): the test's answer for greeter.count takes another argument: "
                            + "it takes a Array<Int>, and the program sent null"), "\(output)")
            }
        }
    }

    @Test("a program that ends while a call is pending leaves no test waiting")
    func programEndsMidCall() async throws {
        let answers = StubAnswers()
        let started = AsyncStream<Void>.makeStream()
        // The closure answers only once the test has checked: a test that waited for it would hang.
        let checked = Gate()
        answers.answer("greeter", "greeting") { (_: String) -> String in
            started.continuation.yield()
            await checked.wait()
            return "too late"
        }
        try await withDeadline {
            try await withLaunchedProgram(try launcher(["Ann"], answers: answers)) { program in
                var iterator = started.stream.makeAsyncIterator()
                await iterator.next()
                let exit = await program.stop()
                #expect(exit == .signalled(SIGTERM) || exit == .signalled(SIGKILL))
            }
        }
        #expect(answers.journal.entries.first?.outcome == .pending)
        await checked.open()
    }

    @Test("without a channel from its launcher, the program refuses an answered stub at start-up")
    func noChannel() async throws {
        for value in [nil, "junk", "3:1:1:1000", "9:0:0:1000", "4:0:0:0"] as [String?] {
            var configured = try launcher(["Ann"], answers: nil)
            if let value { configured.environment["RELAY_CONTROL_CHANNEL"] = value }
            let launcher = configured
            let exit = try await withDeadline {
                try await withLaunchedProgram(launcher) { try await $0.waitForExit() }
            }
            #expect(exit == .exited(status: 64), "\(value ?? "no variable")")
            #expect(
                exit.standardError.contains(
                    "names factory 'answeredGreeter', a stub whose calls the test answers, but no test answers them here"
                ), "\(value ?? "no variable"): \(exit.standardError)")
        }
    }
}
