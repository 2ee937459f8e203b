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
        ).inject(instructions: [try DependencyInjectionInstruction(parsing: instruction)], environment: [:])
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
                try await Task.sleep(for: .seconds(3600))
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

    @Test("a caller cancelled while it waits gets CancellationError at once")
    func cancelled() async throws {
        let answers = StubAnswers(timeLimit: .seconds(3600))
        answers.answer("greeter", "greeting") { (_: String) -> String in
            try await Task.sleep(for: .seconds(3600))
            return "too late"
        }
        let greeter = try await container(answers: answers).resolve((any Greeter).self)
        try await withDeadline {
            let call = Task { try await greeter.greeting(for: "Ann") }
            try await Task.sleep(for: .milliseconds(20))
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
