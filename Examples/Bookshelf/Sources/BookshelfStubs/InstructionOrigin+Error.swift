#if DEBUG
public import Relay

extension InstructionOrigin {
    /// Where the instruction behind an injection error was read, when the error says: both
    /// programs tell a mistake on their command line from a stale `RELAY_DEPENDENCIES` by it.
    ///
    /// - Parameter error: What injecting threw.
    public init?(of error: any Error) {
        guard
            let origin = (error as? DependencyInjectionInstructionError)?.origin
                ?? (error as? DynamicDependencyIndexError)?.origin
        else { return nil }
        self = origin
    }
}
#endif
