import RelayTesting
import Testing

@Suite("Typed instructions and launch arguments")
struct LaunchArgumentTests {
    func launcher() -> ProgramLauncher {
        ProgramLauncher(executable: ProgramExecutable(path: "/usr/local/bin/bookshelf"), arguments: ["--port", "8080"])
    }

    @Test("typed instructions are written in Relay's grammar")
    func typedInstructions() throws {
        var launcher = launcher()
        try launcher.inject(
            DependencyInstructionLaunchArgument(type: "bookStore", factory: "inMemoryBookStore"),
            DependencyInstructionLaunchArgument(
                type: "clock", factory: "fixedClock", scope: "bulkImport", lifecycle: .transient)
        )
        #expect(
            launcher.dependencyInstructions == [
                "type=bookStore,factory=inMemoryBookStore",
                "type=clock,factory=fixedClock,scope=bulkImport,lifecycle=transient",
            ])
    }

    @Test("a builder's instructions and plain arguments go where they belong")
    func builder() throws {
        var builder = LaunchArgumentBuilder(arguments: [
            DependencyInstructionLaunchArgument(type: "clock", factory: "fixedClock")
        ])
        builder.add(argument: PlainLaunchArgument("--database", "books.sqlite"))

        var launcher = launcher()
        launcher.instructionDelivery = .environment
        try launcher.add(builder)

        #expect(launcher.launchArguments == ["--port", "8080", "--database", "books.sqlite"])
        #expect(launcher.launchEnvironment == ["RELAY_DEPENDENCIES": "type=clock,factory=fixedClock"])
    }

    @Test("as arguments, the launcher passes what the builder itself would build")
    func sameAsBuilder() throws {
        let instructions = [
            DependencyInstructionLaunchArgument(type: "clock", factory: "fixedClock"),
            DependencyInstructionLaunchArgument(type: "idGenerator", factory: "sequentialIDs", scope: "bulkImport"),
        ]
        var launcher = ProgramLauncher(executable: ProgramExecutable(path: "/usr/local/bin/bookshelf"))
        try launcher.inject(instructions)
        #expect(launcher.launchArguments == (try LaunchArgumentBuilder(arguments: instructions).build()))
    }

    @Test("in the environment, the launcher sets what the builder itself would")
    func sameEnvironmentAsBuilder() throws {
        let instructions = [
            DependencyInstructionLaunchArgument(type: "clock", factory: "fixedClock"),
            DependencyInstructionLaunchArgument(type: "idGenerator", factory: "sequentialIDs", scope: "bulkImport"),
        ]
        var launcher = ProgramLauncher(
            executable: ProgramExecutable(path: "/usr/local/bin/bookshelf"), instructionDelivery: .environment)
        try launcher.inject(instructions)
        #expect(launcher.launchEnvironment == (try LaunchArgumentBuilder(arguments: instructions).environment()))
    }

    @Test(
        "the program reads back the instructions the launcher passes, either way",
        arguments: [InstructionDelivery.arguments, .environment])
    func roundTrip(delivery: InstructionDelivery) throws {
        let arguments = [
            DependencyInstructionLaunchArgument(type: "clock", factory: "fixedClock"),
            DependencyInstructionLaunchArgument(
                type: "idGenerator", factory: "sequentialIDs", scope: "bulkImport", lifecycle: .transient),
        ]
        var launcher = launcher()
        launcher.instructionDelivery = delivery
        try launcher.inject(arguments)

        let read =
            try InstructionSource.instructions(inArguments: launcher.launchArguments)
            + InstructionSource.instructions(inEnvironment: launcher.launchEnvironment)
        #expect(read == arguments.map(\.instruction))
    }
}
