import Foundation
import Testing

@testable import Relay

/// The fixtures' clock with a configuration, for the index summary's configuration entries.
struct SelfCheckClockConfiguration: Codable, Sendable {
    var now: Int
}

/// A greeter the tests answer, and the keys of a stub for it.
private protocol SelfCheckGreeter: Sendable {}
private struct AnsweredSelfCheckGreeter: SelfCheckGreeter {}
private struct SelfCheckReport: Sendable {
    let greeter: any SelfCheckGreeter
}

private struct SelfCheckStubs: TypedDependencyFactoryIndexable {
    let index: [DependencyFactoryKey: TypedDependencyFactory] = [
        "setClock": TypedDependencyFactory((any Clock).self, configuration: SelfCheckClockConfiguration.self) { _, _ in
            FixedClock()
        },
        "maybeClock": TypedDependencyFactory((any Clock).self, configuration: SelfCheckClockConfiguration?.self) {
            _, _ in FixedClock()
        },
        "answeredClock": .answeredByTest((any Clock).self) { _ in FixedClock() },
    ]
}

@Suite("A program checks its own wiring without building anything")
struct SelfCheckTests {
    let program: DynamicProgram

    init() throws {
        program = try DynamicProgram()
        try program.index.add(SelfCheckStubs())
    }

    func instruction(_ text: String) throws -> DependencyInjectionInstruction {
        try DependencyInjectionInstruction(parsing: text)
    }

    @Test("the index's summary names each type and what each factory produces and takes")
    func summary() {
        let summary = program.index.summary
        #expect(summary.types["clock"]?.name == "Clock")
        #expect(summary.types["store"] == summary.types["bookStore"])
        #expect(summary.factories["fixed"]?.produces?.name == "Clock")
        #expect(summary.factories["sunny"]?.produces == nil, "an untyped factory is checked when resolved")
        #expect(summary.factories["setClock"]?.configuration?.name == "SelfCheckClockConfiguration")
        #expect(summary.factories["setClock"]?.configurationIsOptional == false)
        #expect(summary.factories["maybeClock"]?.configurationIsOptional == true)
        #expect(summary.factories["answeredClock"]?.isAnsweredByTest == true)
    }

    @Test("the summary survives JSON, as a launcher reads it")
    func summaryRoundTrips() throws {
        let summary = program.index.summary
        let decoded = try JSONDecoder().decode(DependencyIndexSummary.self, from: JSONEncoder().encode(summary))
        #expect(decoded == summary)
    }

    @Test(
        "the summary refuses what the program would refuse, with the program's error",
        arguments: [
            ("type=clokc,factory=fixed", DynamicDependencyIndexError.Code.unknownTypeKey, "Did you mean 'clock'?"),
            ("type=clock,factory=fixd", .unknownFactoryKey, "Did you mean 'fixed'?"),
            ("type=clock,factory=inMemory", .typeMismatch, "produces 'BookStore', but type key 'clock' names 'Clock'"),
            ("type=clock,factory=fixed,configuration=%7B%7D", .configurationNotTaken, "takes none"),
            ("type=clock,factory=setClock", .configurationMissing, "takes a 'SelfCheckClockConfiguration'"),
            ("type=clock,factory=answeredClock", .noTestAnswers, "no test answers them here"),
        ])
    func summaryRefuses(text: String, code: DynamicDependencyIndexError.Code, message: String) throws {
        let summary = program.index.summary
        let error = try #require(throws: DynamicDependencyIndexError.self) {
            try summary.check(instruction(text), answersStubs: false)
        }
        #expect(error.code == code)
        #expect(error.description.contains(message), "\(error)")
        // The program's own index says the same.
        let programError = try #require(throws: DynamicDependencyIndexError.self) {
            try program.index.definition(for: instruction(text))
        }
        #expect(programError.description == error.description)
    }

    @Test("the summary accepts what fits: an optional configuration left out, an answered stub with answers")
    func summaryAccepts() throws {
        let summary = program.index.summary
        try summary.check(instruction("type=clock,factory=maybeClock"), answersStubs: false)
        try summary.check(instruction("type=clock,factory=answeredClock"), answersStubs: true)
        try summary.check(instruction("type=clock,factory=sunny"), answersStubs: false)
        try summary.check(instruction("type=store,factory=inMemory"), answersStubs: false)
    }

    @Test("a sound program passes, and what was not declared is listed as not checked")
    func soundProgram() {
        let report = program.parser().selfCheck()
        #expect(report.passed, "\(report)")
        #expect(report.index == program.index.summary)
        #expect(report.unchecked.count == report.checkedRegistrations + report.unchecked.count)
        #expect(report.description.contains("No problems."))
    }

    @Test("a declared dependency nothing registers is a graph problem, with its path")
    func graphProblem() {
        program.container.register(SelfCheckReport.self, initializer: SelfCheckReport.init)
        let report = program.parser().selfCheck()
        #expect(!report.passed)
        let problem = report.problems.first { $0.area == "graph" }
        #expect(problem?.code == "notRegistered")
        #expect(problem?.message.contains("path: SelfCheckReport -> SelfCheckGreeter") == true, "\(report)")
    }

    @Test("a type key the program registers nowhere, and a factory no type key names, are index problems")
    func indexProblems() throws {
        try program.index.add(ReplacementCheckAuditTypes())
        try program.index.add(UnnamedFactories())
        let report = program.parser().selfCheck()
        let problems = report.problems.filter { $0.area == "index" }
        #expect(problems.map(\.code) == ["nothingToReplace", "typeMismatch"], "\(report)")
        #expect(problems.first?.message.contains("Type key 'auditLog' names 'AuditLog'") == true)
        #expect(problems.last?.message.contains("Factory key 'greeter' produces 'SelfCheckGreeter'") == true)

        let allowing = InjectDependenciesArgumentParser(
            index: program.index, container: program.container, allowsUnregisteredTypes: true,
            readsEnvironment: false, report: .silent)
        #expect(allowing.selfCheck().problems.map(\.code) == ["typeMismatch"])
    }

    @Test("instructions are checked as injecting them would, and nothing is registered")
    func instructionsAreCheckedNotApplied() throws {
        let before = try program.snapshot()
        let good = program.parser().selfCheck(instructions: [try instruction("type=clock,factory=fixed")])
        #expect(good.passed, "\(good)")
        #expect(try program.snapshot() == before)

        let bad = program.parser().selfCheck(instructions: [try instruction("type=clock,factory=fixed,scope=imprt")])
        #expect(bad.problems.map(\.code) == ["unknownScope"])
        #expect(bad.problems.first?.area == "instruction")
        #expect(try program.snapshot() == before)
    }

    @Test("a stub the test answers passes the check: the check answers nothing and registers nothing")
    func answeredStubPasses() throws {
        let report = program.parser().selfCheck(instructions: [try instruction("type=clock,factory=answeredClock")])
        #expect(report.passed, "\(report)")
    }

    @Test("the flag and the launcher's variable ask only where the test hooks are open")
    func whoAsks() {
        func parser(_ hooks: DriverTestHooks, environment: [String: String] = [:]) -> InjectDependenciesArgumentParser {
            InjectDependenciesArgumentParser(
                index: program.index, container: program.container, environment: environment, report: .silent,
                testHooks: hooks)
        }
        #expect(parser(.always).selfCheckAsked(arguments: ["--port", "80", "--check-dependencies"]) == "print")
        #expect(parser(.always).selfCheckAsked(arguments: ["--", "--check-dependencies"]) == nil)
        #expect(
            parser(.always, environment: [DependencySelfCheck.environmentVariable: "/tmp/check.json"])
                .selfCheckAsked(arguments: []) == "file /tmp/check.json")
        #expect(parser(.never).selfCheckAsked(arguments: ["--check-dependencies"]) == nil)
        #expect(
            parser(.never, environment: [DependencySelfCheck.environmentVariable: "/tmp/check.json"])
                .selfCheckAsked(arguments: []) == nil)
    }

    @Test("typed keys make the instruction their tags make")
    func typedKeys() throws {
        let typed = try DependencyInstructionLaunchArgument(
            replacing: TypedDependencyTypeKey<any Clock>(.clock),
            with: TypedDependencyFactoryKey<any Clock, SelfCheckClockConfiguration>("setClock"),
            configuration: SelfCheckClockConfiguration(now: 5), scope: "import", lifecycle: .transient)
        let untyped = try DependencyInstructionLaunchArgument(
            type: .clock, factory: "setClock", configuration: SelfCheckClockConfiguration(now: 5), scope: "import",
            lifecycle: .transient)
        #expect(typed == untyped)
        let optional = DependencyInstructionLaunchArgument(
            replacing: TypedDependencyTypeKey<any Clock>(.clock),
            with: TypedDependencyFactoryKey<any Clock, SelfCheckClockConfiguration?>("maybeClock"))
        #expect(try optional.launchArguments() == ["-d", "type=clock,factory=maybeClock"])
    }
}

private struct ReplacementCheckAuditTypes: DependencyTypeIndexable {
    let index: [DependencyTypeKey: Any.Type] = ["auditLog": (any AuditLog).self]
}

private struct UnnamedFactories: TypedDependencyFactoryIndexable {
    let index: [DependencyFactoryKey: TypedDependencyFactory] = [
        "greeter": TypedDependencyFactory((any SelfCheckGreeter).self) { _ in AnsweredSelfCheckGreeter() }
    ]
}

extension InjectDependenciesArgumentParser {
    /// What `selfCheckRequest(arguments:)` decided, as text a test compares.
    fileprivate func selfCheckAsked(arguments: [String]) -> String? {
        switch selfCheckRequest(arguments: arguments) {
        case nil: nil
        case .print: "print"
        case .file(let path): "file \(path)"
        }
    }
}
