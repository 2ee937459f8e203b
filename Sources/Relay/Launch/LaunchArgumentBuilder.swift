/// Builds the argument vector (or environment) that a driver launches the program under test with.
///
/// ```swift
/// var builder = LaunchArgumentBuilder(arguments: [
///     DependencyInstructionLaunchArgument(type: .bookStore, factory: .inMemoryStore),
/// ])
/// builder.add(argument: DependencyInstructionLaunchArgument(type: .clock, factory: .fixed))
/// let arguments = try builder.build()
/// // ["-d", "type=bookStore,factory=inMemoryStore", "-d", "type=clock,factory=fixed"]
/// ```
public struct LaunchArgumentBuilder: Sendable {
    /// The arguments, in the order they will be passed.
    public private(set) var arguments: [any LaunchArgument]

    /// Creates a builder.
    ///
    /// - Parameter arguments: The first arguments.
    public init(arguments: [any LaunchArgument] = []) {
        self.arguments = arguments
    }

    /// Appends an argument.
    ///
    /// - Parameter argument: The argument.
    public mutating func add(argument: any LaunchArgument) {
        arguments.append(argument)
    }

    /// The argument vector: every argument's ``LaunchArgument/launchArguments()``, in order.
    ///
    /// - Returns: The arguments to launch the program with (without its name).
    /// - Throws: ``DependencyInjectionInstructionError`` when an instruction holds a value the
    ///   grammar cannot carry, rather than emitting an argument the program would misread.
    public func build() throws -> [String] {
        try arguments.flatMap { try $0.launchArguments() }
    }

    /// The instructions among the arguments, in order.
    public var instructions: [DependencyInjectionInstruction] {
        arguments.compactMap { ($0 as? DependencyInstructionLaunchArgument)?.instruction }
    }

    /// The instructions as an environment: `["RELAY_DEPENDENCIES": "…;…"]`, for programs started
    /// where arguments are awkward. Arguments that are not instructions are not included.
    ///
    /// - Returns: The environment entries to add; empty when there is no instruction.
    /// - Throws: ``DependencyInjectionInstructionError`` for a value the grammar cannot carry.
    public func environment() throws -> [String: String] {
        let instructions = self.instructions
        guard !instructions.isEmpty else { return [:] }
        return [InstructionSource.environmentVariable: try InstructionSource.environmentValue(for: instructions)]
    }
}
