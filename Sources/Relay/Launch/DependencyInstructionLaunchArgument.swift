/// An instruction for the launched program to inject a factory for a type, as `-d <instruction>`.
///
/// ```swift
/// let argument = DependencyInstructionLaunchArgument(type: .bookStore, factory: .inMemoryStore)
/// let scoped = DependencyInstructionLaunchArgument(
///     type: .clock, factory: .fixed, scope: DependencyContainerScope("checkout"), lifecycle: .transient)
/// ```
///
/// The program reads it with ``InjectDependenciesArgumentParser``; both sides use the grammar of
/// ``DependencyInjectionInstruction``.
public struct DependencyInstructionLaunchArgument: LaunchArgument, Hashable {
    /// The instruction.
    public let instruction: DependencyInjectionInstruction

    /// Creates the argument. Scope and lifecycle, when left out, are left out of the argument too.
    ///
    /// - Parameters:
    ///   - type: The abstract type to replace.
    ///   - factory: The factory to register for it.
    ///   - scope: The scope to register in; `nil` for global.
    ///   - lifecycle: The lifecycle; `nil` for the program's default, `.singleton`.
    public init(
        type: DependencyTypeKey,
        factory: DependencyFactoryKey,
        scope: DependencyContainerScope? = nil,
        lifecycle: LifecycleType? = nil
    ) {
        instruction = DependencyInjectionInstruction(type: type, factory: factory, scope: scope, lifecycle: lifecycle)
    }

    /// `["-d", "type=…,factory=…"]`.
    ///
    /// - Throws: ``DependencyInjectionInstructionError`` when a key or scope contains a character
    ///   the grammar cannot carry (`,`, `=`, `;`, a line break) or is empty.
    public func launchArguments() throws(DependencyInjectionInstructionError) -> [String] {
        InstructionSource.arguments(carrying: [try instruction.rendered()])
    }
}
