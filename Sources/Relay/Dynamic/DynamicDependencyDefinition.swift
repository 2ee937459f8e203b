/// An instruction checked against a ``DynamicDependencyIndex``: the type it names, and the factory
/// it registers.
public struct DynamicDependencyDefinition: Sendable {
    /// The instruction as given.
    public let instruction: DependencyInjectionInstruction

    /// The abstract type the instruction's type key names.
    public let type: Any.Type

    /// Makes the registration: the factory, with the instruction's configuration decoded.
    let makeRegistration: TypedDependencyFactory.MakeRegistration

    /// Whether the factory makes a spy, which wraps what the instruction replaces.
    let spies: Bool

    /// What a spy wraps, found by the registry before anything registers; `nil` for any other.
    var spiedOn: SpiedRegistration?

    /// The scope the factory is registered in: the instruction's, or global.
    public var scope: DependencyContainerScope { instruction.scope ?? .global }

    /// The lifecycle the factory is registered with: the instruction's, or `.singleton`.
    public var lifecycle: LifecycleType { instruction.lifecycle ?? .singleton }

    /// Registers the factory in the definition's scope of `root`, replacing what was there.
    func register(in root: DependencyContainer) {
        root.container(for: scope).add(makeRegistration(lifecycle, instruction.description, spiedOn))
    }
}
