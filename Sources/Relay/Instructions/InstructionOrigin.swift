/// Where a dependency instruction was read: the command line, the environment, or code.
///
/// Errors and the injection report name it, so that a stale exported `RELAY_DEPENDENCIES` does not
/// read as a mistake on the command line; and instructions from the command line win over those
/// from the environment for the same type and scope.
public enum InstructionOrigin: Hashable, Sendable, CustomStringConvertible {
    /// `-d`, `--dependency` or `--dependency=` on the command line.
    case commandLine
    /// The `RELAY_DEPENDENCIES` environment variable (``InstructionSource/environmentVariable``).
    case environment
    /// Made in code and passed to ``InjectDependenciesArgumentParser/inject(instructions:)``
    /// without an origin of its own.
    case code

    /// How messages name it: `the command line`, `RELAY_DEPENDENCIES`, `code`.
    public var description: String {
        switch self {
        case .commandLine: "the command line"
        case .environment: InstructionSource.environmentVariable
        case .code: "code"
        }
    }
}
