import Relay
import Testing

@Suite("Launch arguments")
struct LaunchArgumentBuilderTests {
    @Test("the builder writes -d pairs and plain arguments in order")
    func buildsDashDPairsInOrder() throws {
        var builder = LaunchArgumentBuilder(arguments: [
            DependencyInstructionLaunchArgument(type: .bookStore, factory: .inMemory)
        ])
        builder.add(argument: PlainLaunchArgument("--port", "8080"))
        builder.add(
            argument: DependencyInstructionLaunchArgument(
                type: .clock, factory: .fixed, scope: DependencyContainerScope("checkout"), lifecycle: .transient))
        #expect(
            try builder.build() == [
                "-d", "type=bookStore,factory=inMemory", "--port", "8080",
                "-d", "type=clock,factory=fixed,scope=checkout,lifecycle=transient",
            ])
    }

    @Test("an empty builder builds nothing")
    func anEmptyBuilderBuildsNothing() throws {
        #expect(try LaunchArgumentBuilder().build().isEmpty)
        #expect(try LaunchArgumentBuilder().environment().isEmpty)
    }

    @Test("the environment carries only the instructions")
    func theEnvironmentCarriesOnlyTheInstructions() throws {
        let builder = LaunchArgumentBuilder(arguments: [
            DependencyInstructionLaunchArgument(type: .clock, factory: .fixed),
            PlainLaunchArgument("--verbose"),
            DependencyInstructionLaunchArgument(type: .bookStore, factory: .inMemory, lifecycle: .weak),
        ])
        #expect(
            try builder.environment() == [
                "RELAY_DEPENDENCIES": "type=clock,factory=fixed;type=bookStore,factory=inMemory,lifecycle=weak"
            ])
    }

    @Test("a tag the grammar cannot carry is refused, not emitted")
    func aTagTheGrammarCannotCarryIsRefusedNotEmitted() throws {
        let builder = LaunchArgumentBuilder(arguments: [
            DependencyInstructionLaunchArgument(type: "clock,evil", factory: .fixed)
        ])
        let error = try #require(throws: DependencyInjectionInstructionError.self) { try builder.build() }
        #expect(error.code == .unrepresentableValue)
        #expect(
            error.description == """
                Invalid dependency instruction 'type=clock,evil,factory=fixed': the type 'clock,evil' contains ',', \
                which an instruction cannot carry.
                  expected: type=<type>,factory=<factory>[,scope=<scope>][,lifecycle=<lifecycle>]
                """)
        #expect(throws: DependencyInjectionInstructionError.self) { try builder.environment() }
    }

    @Test("what the driver builds, the program reads back")
    func whatTheDriverBuildsTheProgramReadsBack() throws {
        let program = try DynamicProgram()
        let builder = LaunchArgumentBuilder(arguments: [
            DependencyInstructionLaunchArgument(type: .clock, factory: .fixed, scope: "import"),
            DependencyInstructionLaunchArgument(type: .bookStore, factory: .inMemory, lifecycle: .transient),
        ])
        try program.parser().parse(arguments: ["app"] + builder.build())
        #expect(try InstructionSource.instructions(inArguments: builder.build()[...]) == builder.instructions)
        #expect(try program.container.container(for: "import").resolve((any Clock).self).now == 0)
        #expect(try InstructionSource.instructions(inEnvironment: builder.environment()) == builder.instructions)
    }
}
