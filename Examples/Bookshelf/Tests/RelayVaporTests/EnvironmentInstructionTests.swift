import Relay
import RelayVapor
import Testing
import Vapor

@Suite("RelayVapor: instructions read before Vapor's command line")
struct EnvironmentInstructionTests {
    protocol Clock: Sendable { var name: String { get } }
    struct SystemClock: Clock { let name = "system" }
    struct FixedClock: Clock { let name = "fixed" }

    /// A root with the program's clock, and a parser that can replace it with the fixed one.
    static func parser(
        environment: [String: String] = [:]
    ) throws -> (InjectDependenciesArgumentParser, DependencyContainer) {
        let container = DependencyContainer()
        container.register((any Clock).self) { _ in SystemClock() }
        let index = DynamicDependencyIndex()
        try index.add(ClockTypes())
        try index.add(ClockFactories())
        let parser = InjectDependenciesArgumentParser(
            index: index, container: container, readsEnvironment: true, environment: environment, report: .silent)
        return (parser, container)
    }

    struct ClockTypes: DependencyTypeIndexable {
        var index: [DependencyTypeKey: Any.Type] { [DependencyTypeKey("clock"): (any Clock).self] }
    }

    struct ClockFactories: DependencyFactoryIndexable {
        var index: [DependencyFactoryKey: DependencyFactory] { [DependencyFactoryKey("fixed"): { _ in FixedClock() }] }
    }

    @Test("-d is injected and taken out; Vapor gets its command and --env")
    func injectsAndLeavesTheRest() throws {
        let (parser, container) = try Self.parser()
        let environment = try Environment.detect(
            injectingWith: parser,
            arguments: ["app", "serve", "-d", "type=clock,factory=fixed", "--port", "8080", "--env", "testing"])
        #expect(environment.name == "testing")
        #expect(environment.arguments == ["app", "serve", "--port", "8080"])
        #expect(try container.resolve((any Clock).self).name == "fixed")
    }

    @Test("RELAY_DEPENDENCIES is read too")
    func readsTheEnvironmentVariable() throws {
        let (parser, container) = try Self.parser(environment: ["RELAY_DEPENDENCIES": "type=clock,factory=fixed"])
        let environment = try Environment.detect(injectingWith: parser, arguments: ["app", "routes"])
        #expect(environment.arguments == ["app", "routes"])
        #expect(try container.resolve((any Clock).self).name == "fixed")
    }

    @Test(
        "a bad instruction is an error naming it, and nothing is injected",
        arguments: [
            (["app", "serve", "-d", "type=clock,factory=frozen"], "'frozen'"),
            (["app", "serve", "-d", "type=clock,factory=fixed", "-d", "type=clokc,factory=fixed"], "'clokc'"),
            (["app", "serve", "-d"], "'-d'"),
        ])
    func aBadInstructionInjectsNothing(arguments: [String], token: String) throws {
        let (parser, container) = try Self.parser()
        let error = try #require(throws: (any Error).self) {
            try Environment.detect(injectingWith: parser, arguments: arguments)
        }
        #expect("\(error)".contains(token), "\(error)")
        #expect(error is DependencyInjectionInstructionError || error is DynamicDependencyIndexError)
        #expect(try container.resolve((any Clock).self).name == "system")
    }

    @Test("without a parser, -d is dropped unread")
    func dropsInstructions() throws {
        let environment = try Environment.detect(
            removingInstructionsFrom: ["app", "serve", "--dependency=type=a,factory=b", "--hostname", "0.0.0.0"])
        #expect(environment.arguments == ["app", "serve", "--hostname", "0.0.0.0"])
    }
}

/// Vapor's own `Environment.detect()` must stay callable as written where RelayVapor is imported:
/// this compiles only if no RelayVapor overload makes it ambiguous.
@Test("Vapor's Environment.detect() is not made ambiguous")
func vaporsDetectStaysUnambiguous() throws {
    let environment = try Environment.detect(arguments: ["app"])
    #expect(environment.arguments == ["app"])
    _ = { try Environment.detect() }
}
