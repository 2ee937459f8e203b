import Relay

/// How a launcher hands dependency instructions to the program under test.
///
/// Both ways reach the same parser in the program; pick the environment when the program's own
/// argument parser must not see the instructions.
///
/// ```swift
/// var launcher = ProgramLauncher(executable: executable)
/// launcher.dependencyInstructions = ["type=clock,factory=fixed"]
/// launcher.instructionDelivery = .environment   // RELAY_DEPENDENCIES=type=clock,factory=fixed
/// ```
public enum InstructionDelivery: Sendable, Hashable {
    /// As arguments after the program's own: `-d <instruction>` for each instruction.
    case arguments

    /// In the `RELAY_DEPENDENCIES` environment variable, instructions separated by `;`.
    case environment

    /// The environment variable that carries instructions: `RELAY_DEPENDENCIES`, the one
    /// Relay's `InstructionSource` reads.
    public static let environmentVariable = InstructionSource.environmentVariable

    /// What separates instructions in ``environmentVariable``: `;`.
    public static let environmentSeparator = InstructionSource.environmentSeparator

    /// The flag written before each instruction passed as an argument: `-d`, Relay's
    /// `InstructionSource.shortOption`.
    public static let argumentFlag = InstructionSource.shortOption
}
