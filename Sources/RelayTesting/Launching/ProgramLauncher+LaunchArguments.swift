public import Relay

extension ProgramLauncher {
    /// Adds dependency instructions, written in Relay's grammar, to ``dependencyInstructions``.
    ///
    /// The typed form keeps test and program on one set of keys; the raw strings in
    /// ``dependencyInstructions`` remain for instructions a test wants malformed on purpose.
    ///
    /// ```swift
    /// try launcher.inject(
    ///     DependencyInstructionLaunchArgument(type: .bookStore, factory: .inMemoryBookStore),
    ///     DependencyInstructionLaunchArgument(type: .clock, factory: .fixedClock, scope: .bulkImport)
    /// )
    /// ```
    ///
    /// - Parameter instructions: The instructions, in order.
    /// - Throws: `DependencyInjectionInstructionError` when an instruction cannot be written in
    ///   the grammar (a key that contains `,` or `=`).
    public mutating func inject(_ instructions: DependencyInstructionLaunchArgument...) throws {
        try inject(instructions)
    }

    /// Adds dependency instructions; see ``inject(_:)-(DependencyInstructionLaunchArgument...)``.
    ///
    /// - Parameter instructions: The instructions, in order.
    /// - Throws: `DependencyInjectionInstructionError` when an instruction cannot be written.
    public mutating func inject(_ instructions: [DependencyInstructionLaunchArgument]) throws {
        for argument in instructions {
            dependencyInstructions.append(try argument.instruction.rendered())
        }
    }

    /// Adds what a `LaunchArgumentBuilder` holds: its dependency instructions to
    /// ``dependencyInstructions`` (delivered as ``instructionDelivery`` says), every other
    /// argument to ``arguments``.
    ///
    /// ```swift
    /// var builder = LaunchArgumentBuilder(arguments: [
    ///     DependencyInstructionLaunchArgument(type: .clock, factory: .fixedClock)
    /// ])
    /// builder.add(argument: PlainLaunchArgument("--port", "8080"))
    /// try launcher.add(builder)
    /// ```
    ///
    /// - Parameter builder: The arguments to add.
    /// - Throws: What building an argument throws.
    public mutating func add(_ builder: LaunchArgumentBuilder) throws {
        for argument in builder.arguments {
            if let instruction = argument as? DependencyInstructionLaunchArgument {
                try inject(instruction)
            } else {
                arguments += try argument.launchArguments()
            }
        }
    }
}
