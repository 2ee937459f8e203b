/// An instruction for the launched program to inject a factory for a type, as `-d <instruction>`.
///
/// ```swift
/// let argument = DependencyInstructionLaunchArgument(type: .bookStore, factory: .inMemoryStore)
/// let scoped = DependencyInstructionLaunchArgument(
///     type: .clock, factory: .fixed, scope: DependencyContainerScope("checkout"), lifecycle: .transient)
/// ```
///
/// A factory that takes data from the test gets it as a configuration, any `Encodable` value,
/// which the program's ``TypedDependencyFactory`` decodes:
///
/// ```swift
/// let clock = try DependencyInstructionLaunchArgument(
///     type: .clock, factory: .fixedClock, configuration: FixedClockConfiguration(now: someDate))
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

    /// Creates the argument for a factory that takes a configuration: `configuration` is encoded as
    /// JSON (keys sorted, dates ISO 8601) and carried, percent-encoded, in the instruction. It
    /// works through any launcher (`RELAY_DEPENDENCIES`, XCUITest's `launchArguments`), since it is
    /// part of the instruction's text.
    ///
    /// - Parameters:
    ///   - type: The abstract type to replace.
    ///   - factory: The factory to register for it: one that takes a configuration of this type.
    ///   - configuration: The factory's data.
    ///   - scope: The scope to register in; `nil` for global.
    ///   - lifecycle: The lifecycle; `nil` for the program's default, `.singleton`.
    /// - Throws: What `JSONEncoder` throws for a value it cannot encode.
    public init(
        type: DependencyTypeKey,
        factory: DependencyFactoryKey,
        configuration: some Encodable,
        scope: DependencyContainerScope? = nil,
        lifecycle: LifecycleType? = nil
    ) throws {
        instruction = DependencyInjectionInstruction(
            type: type, factory: factory, scope: scope, lifecycle: lifecycle,
            configuration: try InstructionConfiguration.encode(configuration))
    }

    /// `["-d", "type=…,factory=…"]`.
    ///
    /// - Throws: ``DependencyInjectionInstructionError`` when a key or scope contains a character
    ///   the grammar cannot carry (`,`, `=`, `;`, a line break) or is empty, or the configuration
    ///   is longer than ``DependencyInjectionInstruction/maximumConfigurationLength``.
    public func launchArguments() throws(DependencyInjectionInstructionError) -> [String] {
        InstructionSource.arguments(carrying: [try instruction.rendered()])
    }
}
