import Foundation
import Relay
import RelayTestSupport
import RelayTesting
import Synchronization
import Testing

/// Spies in process: the parser is given the test's answers; the spy wraps the program's own
/// registration of the type it replaces.
@Suite("Spies the test answers or lets through, in process")
struct InProcessSpyTests {
    protocol Greeter: Sendable {
        func greeting(for name: String) async throws -> String
    }

    struct NoGreetingForZed: Error, Codable, Equatable {}

    /// The real greeter: it has no greeting for Zed.
    struct PlainGreeter: Greeter {
        func greeting(for name: String) async throws -> String {
            guard name != "Zed" else { throw NoGreetingForZed() }
            return "Hello, \(name)"
        }
    }

    struct SpiedGreeter: Greeter {
        let calls: SpiedCalls
        let real: any Greeter
        func greeting(for name: String) async throws -> String {
            try await calls.call("greeting", name) { try await real.greeting(for: $0) }
        }
    }

    struct Types: DependencyTypeIndexable {
        let index: [DependencyTypeKey: Any.Type] = ["greeter": (any Greeter).self]
    }

    struct Factories: TypedDependencyFactoryIndexable {
        let index: [DependencyFactoryKey: TypedDependencyFactory] = [
            "spiedGreeter": .spiedByTest((any Greeter).self) { calls, real in SpiedGreeter(calls: calls, real: real) }
        ]
    }

    /// A container, with the real greeter registered if `registersReal`, and the spy injected.
    private func container(
        answers: StubAnswers?, registersReal: Bool = true, instruction: String = "type=greeter,factory=spiedGreeter"
    ) throws -> DependencyContainer {
        let container = DependencyContainer()
        if registersReal { container.register((any Greeter).self) { _ in PlainGreeter() } }
        let index = DynamicDependencyIndex()
        try index.add(Types())
        try index.add(Factories())
        try InjectDependenciesArgumentParser(
            index: index, container: container, allowsUnregisteredTypes: true, readsEnvironment: false,
            report: .silent, answering: answers
        ).inject(instructions: [try DependencyInjectionInstruction(parsing: instruction)])
        return container
    }

    @Test("the test answers the calls it chooses; the real one answers the others; the journal keeps both")
    func chosenCalls() async throws {
        let answers = StubAnswers()
        answers.spy("greeter", "greeting", when: { (name: String) in name == "Ann" }, with: { name in "Hi, \(name)" })
        let greeter = try await container(answers: answers).resolve((any Greeter).self)
        #expect(try await greeter.greeting(for: "Ann") == "Hi, Ann")
        #expect(try await greeter.greeting(for: "Bob") == "Hello, Bob")
        let outcomes = answers.journal.entries.map(\.outcome)
        #expect(outcomes == [.answered(#""Hi, Ann""#), .passedThrough(.success(#""Hello, Bob""#))])
        #expect(answers.journal.entries.allSatisfy { $0.call.isSpied })
        #expect(answers.unansweredCalls.isEmpty)
    }

    @Test("the real one's error reaches the caller as itself; the journal says what it threw")
    func realThrows() async throws {
        let answers = StubAnswers()
        let greeter = try await container(answers: answers).resolve((any Greeter).self)
        await #expect(throws: NoGreetingForZed.self) { try await greeter.greeting(for: "Zed") }
        guard case .passedThrough(.failure(let error)?) = answers.journal.entries.first?.outcome else {
            Issue.record("\(answers.journal)")
            return
        }
        #expect(error.code == .thrownByReal)
        #expect(error.thrownType == "NoGreetingForZed")
        #expect(answers.journal.description.contains("passed; the real implementation threw"))
    }

    @Test("a plain answer answers every call of a spy; with none, every call passes and none is unanswered")
    func withoutRules() async throws {
        let answering = StubAnswers()
        answering.answer("greeter", "greeting") { (name: String) in "Yo, \(name)" }
        #expect(try await container(answers: answering).resolve((any Greeter).self).greeting(for: "Cy") == "Yo, Cy")
        let silent = StubAnswers()
        #expect(try await container(answers: silent).resolve((any Greeter).self).greeting(for: "Cy") == "Hello, Cy")
        #expect(silent.unansweredCalls.isEmpty)
        #expect(silent.journal.entries.map(\.outcome) == [.passedThrough(.success(#""Hello, Cy""#))])
    }

    @Test("the real one keeps its own lifecycle: a transient spy wraps the one real singleton")
    func realLifecycle() async throws {
        final class Builds: Sendable { let count = Atomic(0) }
        let builds = Builds()
        let container = DependencyContainer()
        container.register((any Greeter).self) { _ in
            builds.count.add(1, ordering: .relaxed)
            return PlainGreeter()
        }
        let index = DynamicDependencyIndex()
        try index.add(Types())
        try index.add(Factories())
        try InjectDependenciesArgumentParser(
            index: index, container: container, readsEnvironment: false, report: .silent, answering: StubAnswers()
        ).inject(instructions: [
            try DependencyInjectionInstruction(parsing: "type=greeter,factory=spiedGreeter,lifecycle=transient")
        ])
        for _ in 0..<3 { _ = try await container.resolve((any Greeter).self) }
        #expect(builds.count.load(ordering: .relaxed) == 1)
    }

    /// A real greeter that is a class, so a weak reference tells when it is freed.
    final class CountingGreeter: Greeter {
        func greeting(for name: String) async throws -> String { "Hello, \(name)" }
    }

    /// Injects the spy over whatever `container` resolves the greeter to now, with the test's
    /// answers letting every call through: what a launch or a re-wiring does.
    static func injectSpy(
        into container: DependencyContainer, instruction: String = "type=greeter,factory=spiedGreeter"
    )
        throws
    {
        let index = DynamicDependencyIndex()
        try index.add(Types())
        try index.add(Factories())
        try InjectDependenciesArgumentParser(
            index: index, container: container, readsEnvironment: false, report: .silent, answering: StubAnswers()
        ).inject(instructions: [try DependencyInjectionInstruction(parsing: instruction)])
    }

    /// A container whose real greeter is a singleton `CountingGreeter`, spied on.
    static func spiedSingletonContainer(instruction: String = "type=greeter,factory=spiedGreeter") throws
        -> DependencyContainer
    {
        let container = DependencyContainer()
        container.register((any Greeter).self) { _ in CountingGreeter() }
        try injectSpy(into: container, instruction: instruction)
        return container
    }

    @Test("a spy replaced by a new registration lets go of the real singleton it built through")
    func replacedSpyReleasesReal() async throws {
        let container = try Self.spiedSingletonContainer()
        weak var real: CountingGreeter?
        do {
            let spy = try await container.resolve((any Greeter).self)
            real = (spy as? SpiedGreeter)?.real as? CountingGreeter
            #expect(real != nil)
        }
        // The spy's own instance holds the real one; both go when the type is registered again.
        container.register((any Greeter).self) { _ in PlainGreeter() }
        #expect(real == nil)
        #expect(try await container.resolve((any Greeter).self) is PlainGreeter)
    }

    @Test("a spy replaced by another spy still builds through the one real singleton")
    func spyOverSpyKeepsReal() async throws {
        let container = try Self.spiedSingletonContainer()
        let first = try await container.resolve((any Greeter).self)
        let real = try #require((first as? SpiedGreeter)?.real as? CountingGreeter)
        try Self.injectSpy(into: container)
        let second = try await container.resolve((any Greeter).self)
        let wrapped = try #require((second as? SpiedGreeter)?.real as? SpiedGreeter)
        #expect(wrapped.real as? CountingGreeter === real)
        #expect(try await second.greeting(for: "Ann") == "Hello, Ann")
    }

    @Test("a spy over a spy, replaced by a new registration, lets go of the real singleton at the chain's end")
    func replacedChainReleasesReal() async throws {
        let container = try Self.spiedSingletonContainer()
        weak var real: CountingGreeter?
        do {
            let first = try await container.resolve((any Greeter).self)
            real = (first as? SpiedGreeter)?.real as? CountingGreeter
            try Self.injectSpy(into: container)
            _ = try await container.resolve((any Greeter).self)
            #expect(real != nil)
        }
        container.register((any Greeter).self) { _ in PlainGreeter() }
        #expect(real == nil)
    }

    @Test("a spy with nothing to wrap fails the injection, naming the type; nothing is registered")
    func nothingToSpyOn() async throws {
        let error = #expect(throws: DynamicDependencyIndexError.self) {
            _ = try container(answers: StubAnswers(), registersReal: false)
        }
        #expect(error?.code == .nothingToSpyOn)
        #expect(error?.description.contains("wraps the program's own Greeter") == true, "\(String(describing: error))")
    }

    @Test("a spy where no test answers fails the injection as an answered stub does")
    func noAnswers() async throws {
        let error = #expect(throws: DynamicDependencyIndexError.self) { _ = try container(answers: nil) }
        #expect(error?.code == .noTestAnswers)
    }
}
