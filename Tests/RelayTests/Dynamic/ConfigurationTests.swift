import Foundation
import Relay
import Testing

/// Factories that take data from the test: a configuration carried by the instruction, through the
/// command line and `RELAY_DEPENDENCIES` alike, checked with every other instruction before anything
/// is registered.
@Suite("Instruction configurations")
struct ConfigurationTests {
    struct SetClock: Clock {
        let now: Int
    }

    /// What the test hands the stub.
    struct ClockConfiguration: Codable, Sendable, Equatable {
        var now: Int
        var since: Date
        var zones: [String]
    }

    struct ConfiguredStubs: TypedDependencyFactoryIndexable {
        let index: [DependencyFactoryKey: TypedDependencyFactory] = [
            "setClock": TypedDependencyFactory((any Clock).self, configuration: ClockConfiguration.self) { _, given in
                SetClock(now: given.now)
            },
            "maybeClock": TypedDependencyFactory((any Clock).self, configuration: ClockConfiguration?.self) {
                _, given in SetClock(now: given?.now ?? -1)
            },
        ]
    }

    private let configuration = ClockConfiguration(
        now: 42, since: Date(timeIntervalSince1970: 1_709_251_200), zones: ["UTC", "Europe/Paris, or =; % é\n"])

    private func program() throws -> (DependencyContainer, InjectDependenciesArgumentParser) {
        let container = DependencyContainer()
        container.register((any Clock).self) { _ in SystemClock() }
        container.register((any BookStore).self) { _ in SQLiteBookStore() }
        let index = DynamicDependencyIndex()
        try index.add(TypeIndex())
        try index.add(TypedStubs())
        try index.add(ConfiguredStubs())
        let parser = InjectDependenciesArgumentParser(
            index: index, container: container, readsEnvironment: false, report: .silent)
        return (container, parser)
    }

    @Test("a configuration travels in one argument, any character escaped, and round-trips")
    func aConfigurationRoundTrips() throws {
        let argument = try DependencyInstructionLaunchArgument(
            type: .clock, factory: "setClock", configuration: configuration)
        let arguments = try argument.launchArguments()
        #expect(arguments.count == 2)
        #expect(arguments[0] == "-d")
        let text = arguments[1]
        #expect(!text.unicodeScalars.contains { ",=;\n ".unicodeScalars.contains($0) } == false)
        let configurationText = try #require(text.components(separatedBy: "configuration=").last)
        #expect(!configurationText.contains(where: { ",;= \n".contains($0) || !$0.isASCII }))
        let parsed = try DependencyInjectionInstruction(parsing: text)
        #expect(parsed == argument.instruction)
        let json = try #require(parsed.configuration)
        let decoded = try JSONDecoder.iso8601.decode(ClockConfiguration.self, from: Data(json.utf8))
        #expect(decoded == configuration)
    }

    @Test("an injected factory gets its configuration, from the command line and the environment alike")
    func anInjectedFactoryGetsItsConfiguration() throws {
        let argument = try DependencyInstructionLaunchArgument(
            type: .clock, factory: "setClock", configuration: configuration)
        let (fromArguments, parser) = try program()
        try parser.parse(arguments: ["app"] + argument.launchArguments())
        #expect(try fromArguments.resolve((any Clock).self).now == 42)

        let (fromEnvironment, _) = try program()
        let reading = InjectDependenciesArgumentParser(
            index: parser.index, container: fromEnvironment,
            environment: ["RELAY_DEPENDENCIES": try argument.instruction.rendered()], report: .silent)
        try reading.parse(arguments: ["app"])
        #expect(try fromEnvironment.resolve((any Clock).self).now == 42)
    }

    @Test("a factory whose configuration is optional serves instructions with and without one")
    func anOptionalConfigurationMayBeLeftOut() throws {
        let (without, parser) = try program()
        try parser.parse(arguments: ["app", "-d", "type=clock,factory=maybeClock"])
        #expect(try without.resolve((any Clock).self).now == -1)
        let (with, _) = try program()
        let argument = try DependencyInstructionLaunchArgument(
            type: .clock, factory: "maybeClock", configuration: configuration)
        try InjectDependenciesArgumentParser(
            index: parser.index, container: with, readsEnvironment: false, report: .silent
        )
        .parse(arguments: ["app"] + argument.launchArguments())
        #expect(try with.resolve((any Clock).self).now == 42)
    }

    @Test(
        "a configuration that does not fit its factory fails the whole injection, quoting the instruction",
        arguments: [
            (
                "type=clock,factory=fixed,configuration=%7B%7D",
                DynamicDependencyIndexError.Code.configurationNotTaken,
                "Instruction 'type=clock,factory=fixed,configuration={}' carries a configuration, but factory "
                    + "'fixed' takes none.\n  to fix: leave the configuration out, or give the factory a "
                    + "configuration type (TypedDependencyFactory(_:configuration:_:))"
            ),
            (
                "type=clock,factory=setClock",
                .configurationMissing,
                "Instruction 'type=clock,factory=setClock' carries no configuration, but factory 'setClock' takes a "
                    + "'ConfigurationTests.ClockConfiguration'.\n  to fix: add one, e.g. DependencyInstructionLaunchArgument(type:factory:"
                    + "configuration:) with a value of 'ConfigurationTests.ClockConfiguration'"
            ),
            (
                #"type=clock,factory=setClock,configuration={"now":"soon"}"#,
                .configurationNotDecodable,
                #"Instruction 'type=clock,factory=setClock,configuration={"now":"soon"}' carries a configuration "#
                    + "that is not a 'ConfigurationTests.ClockConfiguration', which factory 'setClock' takes: 'now' is not a Int"
            ),
            (
                #"type=clock,factory=setClock,configuration={"now":1}"#,
                .configurationNotDecodable,
                #"Instruction 'type=clock,factory=setClock,configuration={"now":1}' carries a configuration that "#
                    + "is not a 'ConfigurationTests.ClockConfiguration', which factory 'setClock' takes: 'since' is missing"
            ),
            (
                "type=clock,factory=setClock,configuration=not%20json",
                .configurationNotDecodable,
                "Instruction 'type=clock,factory=setClock,configuration=not%20json' carries a configuration that is "
                    + "not a 'ConfigurationTests.ClockConfiguration', which factory 'setClock' takes: it is not valid JSON"
            ),
        ])
    func aConfigurationThatDoesNotFitFails(
        instruction: String,
        code: DynamicDependencyIndexError.Code,
        message: String
    ) throws {
        let (container, parser) = try program()
        let error = try #require(throws: DynamicDependencyIndexError.self) {
            // The first instruction is fine: all or nothing, it is not applied either.
            try parser.parse(arguments: ["app", "-d", "type=bookStore,factory=inMemory", "-d", instruction])
        }
        #expect(error.code == code)
        #expect(error.description == message)
        #expect(try container.resolve((any Clock).self).now == 1_000)
        #expect(try container.resolve((any BookStore).self).name == "sqlite")
    }

    @Test(
        "a malformed or oversized configuration is an instruction error that quotes it, bounded",
        arguments: [
            ("type=a,factory=b,configuration=%7", DependencyInjectionInstructionError.Code.invalidConfiguration),
            ("type=a,factory=b,configuration=%ZZ", .invalidConfiguration),
            ("type=a,factory=b,configuration=%FF", .invalidConfiguration),
            ("type=a,factory=b,configuration=a\u{7F}b", .invalidConfiguration),
            ("type=a,factory=b,configuration=" + String(repeating: "x", count: 16 * 1024 + 1), .configurationTooLarge),
        ])
    func aMalformedConfigurationIsAnInstructionError(
        instruction: String,
        code: DependencyInjectionInstructionError.Code
    ) throws {
        let error = try #require(throws: DependencyInjectionInstructionError.self) {
            try DependencyInjectionInstruction(parsing: instruction)
        }
        #expect(error.code == code)
        #expect(error.parameter == "configuration")
        // The message quotes the instruction, cut to a bounded length.
        #expect(error.description.count < 1_000)
        #expect(error.description.hasPrefix("Invalid dependency instruction 'type=a,factory=b,configuration="))
    }

    @Test("the oversized configuration's message says its size and the limit")
    func anOversizedConfigurationSaysItsSize() throws {
        let error = try #require(throws: DependencyInjectionInstructionError.self) {
            try DependencyInjectionInstruction(
                parsing: "type=a,factory=b,configuration=" + String(repeating: "x", count: 20_000))
        }
        #expect(
            error.problem
                == "the configuration is 20000 bytes long, more than the 16384 an instruction carries; pass a file's "
                + "path in it instead")
        // Rendering refuses it too: a driver never sends what the program would refuse.
        let argument = try DependencyInstructionLaunchArgument(
            type: .clock, factory: "setClock", configuration: String(repeating: "y", count: 20_000))
        #expect(throws: DependencyInjectionInstructionError.self) { try argument.launchArguments() }
    }
}

extension JSONDecoder {
    /// A decoder for ISO 8601 dates, as instructions carry them.
    fileprivate static var iso8601: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
