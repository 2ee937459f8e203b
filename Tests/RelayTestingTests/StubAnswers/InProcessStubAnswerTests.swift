import Foundation
import Relay
import RelayTestSupport
import RelayTesting
import Testing

/// The same answered stubs, in process: the parser is given the test's answers, no channel.
@Suite("Stubs the test answers, in process")
struct InProcessStubAnswerTests {
    protocol Greeter: Sendable {
        func greeting(for name: String) async throws -> String
    }

    struct PlainGreeter: Greeter {
        func greeting(for name: String) async throws -> String { "Hello, \(name)" }
    }

    struct AnsweredGreeter: Greeter {
        let calls: StubCalls
        func greeting(for name: String) async throws -> String { try await calls.call("greeting", name) }
    }

    struct Types: DependencyTypeIndexable {
        let index: [DependencyTypeKey: Any.Type] = ["greeter": (any Greeter).self]
    }

    struct Factories: TypedDependencyFactoryIndexable {
        let index: [DependencyFactoryKey: TypedDependencyFactory] = [
            "answeredGreeter": .answeredByTest((any Greeter).self) { AnsweredGreeter(calls: $0) }
        ]
    }

    /// A container with the plain greeter, and the answered one injected if `answers` are given.
    private func container(
        answers: StubAnswers?,
        instruction: String = "type=greeter,factory=answeredGreeter"
    ) throws -> DependencyContainer {
        let container = DependencyContainer()
        container.register((any Greeter).self) { _ in PlainGreeter() }
        let index = DynamicDependencyIndex()
        try index.add(Types())
        try index.add(Factories())
        try InjectDependenciesArgumentParser(
            index: index, container: container, readsEnvironment: false, report: .silent, answering: answers
        ).inject(instructions: [try DependencyInjectionInstruction(parsing: instruction)])
        return container
    }

    @Test("the test's closure answers, and the journal records the call")
    func answers() async throws {
        let answers = StubAnswers()
        answers.answer("greeter", "greeting") { (name: String) in "Hi, \(name)" }
        let greeter = try await container(answers: answers).resolve((any Greeter).self)
        #expect(try await greeter.greeting(for: "Ann") == "Hi, Ann")
        #expect(try answers.journal.arguments(of: "greeter", "greeting", as: String.self) == ["Ann"])
    }

    @Test("a closure that never returns fails the call after the time limit, and is cancelled")
    func timeLimit() async throws {
        let answers = StubAnswers(timeLimit: .milliseconds(100))
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
        let greeter = try await container(answers: answers).resolve((any Greeter).self)
        try await withDeadline {
            let error = await #expect(throws: StubCallError.self) { try await greeter.greeting(for: "Ann") }
            #expect(error?.code == .timedOut)
            #expect(error?.description.hasPrefix(#"greeter.greeting("Ann") got no answer within 0.1 seconds"#) == true)
            var iterator = cancelled.stream.makeAsyncIterator()
            await iterator.next()
        }
    }

    @Test("a call whose closure ignores cancellation is journaled timed out at its limit, never pending")
    func timeLimitIgnored() async throws {
        let answers = StubAnswers(timeLimit: .milliseconds(100))
        let gate = Gate()
        answers.answer("greeter", "greeting") { (_: String) -> String in
            await gate.wait()  // deaf to cancellation
            return "too late"
        }
        let greeter = try await container(answers: answers).resolve((any Greeter).self)
        try await withDeadline {
            let error = await #expect(throws: StubCallError.self) { try await greeter.greeting(for: "Ann") }
            #expect(error?.code == .timedOut)
            // Recorded before the caller was told.
            #expect(answers.journal.entries.map(\.outcome) == [.timedOut])
            #expect(answers.journal.description == #"1. greeter.greeting("Ann") → timed out"#)
            // The closure's late answer changes nothing.
            await gate.open()
            let late = try await greeter.greeting(for: "Bob")
            #expect(late == "too late")
            #expect(answers.journal.entries.map(\.outcome) == [.timedOut, .answered(#""too late""#)])
        }
    }

    @Test("the journal wakes a waiting test when the calls come, or says which came")
    func waitingForCalls() async throws {
        let answers = StubAnswers()
        answers.answer("greeter", "greeting") { (name: String) in "Hi, \(name)" }
        let greeter = try await container(answers: answers).resolve((any Greeter).self)
        try await withDeadline {
            async let waited = answers.journal.wait(for: "greeter", count: 2)
            _ = try await greeter.greeting(for: "Ann")
            _ = try await greeter.greeting(for: "Bob")
            #expect(try await waited.calls(to: "greeter").map(\.argument) == [#""Ann""#, #""Bob""#])
            // Already there: it returns at once.
            _ = try await answers.journal.wait(for: "greeter", "greeting", count: 1, timeout: .zero)
            let error = await #expect(throws: StubJournalTimeout.self) {
                try await answers.journal.wait(for: "greeter", "greeting", count: 3, timeout: .milliseconds(50))
            }
            #expect(
                error?.description == """
                    Waited 0.05 seconds for 3 calls to greeter.greeting; 2 came. The calls so far:
                      1. greeter.greeting("Ann") → answered "Hi, Ann"
                      2. greeter.greeting("Bob") → answered "Hi, Bob"
                    """)
        }
    }

    @Test("a wait is cancelled with its task")
    func waitCancelled() async throws {
        let answers = StubAnswers()
        try await withDeadline {
            let waiting = Task { try await answers.journal.wait(for: "greeter", count: 1, timeout: .seconds(3600)) }
            waiting.cancel()
            await #expect(throws: CancellationError.self) { try await waiting.value }
        }
    }

    @Test("an unanswered call names what the test answers")
    func unanswered() async throws {
        let answers = StubAnswers()
        answers.answer("clock", "now") { 0 }
        let greeter = try await container(answers: answers).resolve((any Greeter).self)
        let error = await #expect(throws: StubCallError.self) { try await greeter.greeting(for: "Ann") }
        #expect(
            error?.description == """
                greeter.greeting("Ann") got no answer: the test gives none for greeter.greeting (it answers no call \
                of greeter, only clock.now). Give one before the program makes the call: \
                answers.answer(.greeter, "greeting") { … }
                """)
        #expect(answers.journal.entries.map(\.outcome) == [.unanswered])
    }

    @Test("a caller cancelled while it waits gets CancellationError at once")
    func cancelled() async throws {
        let answers = StubAnswers(timeLimit: .seconds(3600))
        let answering = Gate()
        answers.answer("greeter", "greeting") { (_: String) -> String in
            await answering.open()
            try await untilCancelled()
            return "too late"
        }
        let greeter = try await container(answers: answers).resolve((any Greeter).self)
        try await withDeadline {
            let call = Task { try await greeter.greeting(for: "Ann") }
            // The test's closure has the call: the caller waits for its answer.
            await answering.wait()
            call.cancel()
            await #expect(throws: CancellationError.self) { try await call.value }
        }
    }

    @Test("with nothing to answer, the injection fails whole and names the factory")
    func nothingAnswers() throws {
        let error = #expect(throws: DynamicDependencyIndexError.self) { try container(answers: nil) }
        #expect(error?.code == .noTestAnswers)
        #expect(
            error?.description.hasPrefix(
                "Instruction 'type=greeter,factory=answeredGreeter' names factory 'answeredGreeter', a stub whose "
                    + "calls the test answers, but no test answers them here.") == true)
        let configured = #expect(throws: DynamicDependencyIndexError.self) {
            try container(
                answers: StubAnswers(), instruction: #"type=greeter,factory=answeredGreeter,configuration={}"#)
        }
        #expect(configured?.code == .configurationNotTaken)
    }
}
