/// The instructions a program applies: those from the environment and those from its command line
/// (or from code), merged by the documented rule.
///
/// Within one source, two instructions for the same type and scope are a mistake, refused naming
/// both (which one was meant cannot be guessed). Across sources the command line wins: an
/// instruction from `RELAY_DEPENDENCIES` for a type and scope that the command line also names is
/// dropped, and the injection report says so.
struct InstructionMerge {
    /// An environment instruction that one from the command line (or code) replaced.
    struct Override: Sendable {
        /// The instruction from the environment, not applied.
        let overridden: DependencyInjectionInstruction
        /// The instruction applied instead.
        let winner: DependencyInjectionInstruction
    }

    /// What to apply, in order: the environment's instructions that nothing overrides, then the
    /// others.
    let instructions: [DependencyInjectionInstruction]

    /// The environment's instructions that were dropped, each with the one that won.
    let overrides: [Override]

    /// Merges `environment`'s instructions with `given`'s (the command line's, or code's).
    ///
    /// - Throws: ``DynamicDependencyIndexError`` with code `duplicateInstruction` when one source
    ///   names a type and scope twice.
    init(
        environment: [DependencyInjectionInstruction],
        given: [DependencyInjectionInstruction]
    ) throws(DynamicDependencyIndexError) {
        try Self.refuseDuplicates(in: environment)
        let winners = try Self.refuseDuplicates(in: given)
        var kept: [DependencyInjectionInstruction] = []
        var overrides: [Override] = []
        for instruction in environment {
            if let winner = winners[Target(instruction)] {
                overrides.append(Override(overridden: instruction, winner: winner))
            } else {
                kept.append(instruction)
            }
        }
        self.instructions = kept + given
        self.overrides = overrides
    }

    /// What an instruction replaces: a type key in a scope.
    private struct Target: Hashable {
        let type: DependencyTypeKey
        let scope: DependencyContainerScope

        init(_ instruction: DependencyInjectionInstruction) {
            type = instruction.type
            scope = instruction.scope ?? .global
        }
    }

    /// Each target of `instructions` with the instruction that names it; throws on the second
    /// instruction that names a target again.
    @discardableResult
    private static func refuseDuplicates(
        in instructions: [DependencyInjectionInstruction]
    ) throws(DynamicDependencyIndexError) -> [Target: DependencyInjectionInstruction] {
        var seen: [Target: DependencyInjectionInstruction] = [:]
        for instruction in instructions {
            if let earlier = seen.updateValue(instruction, forKey: Target(instruction)) {
                throw .duplicate(earlier, instruction)
            }
        }
        return seen
    }
}
