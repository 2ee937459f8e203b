/// A registry of dynamic instructions: it checks them all against an index when it is created,
/// and registers them all, over the program's defaults, when it runs.
///
/// Usually ``InjectDependenciesArgumentParser`` makes one from the command line; make one directly
/// to inject from another source:
///
/// ```swift
/// let registry = try DynamicDependencyRegistry(instructions: [
///     DependencyInjectionInstruction(type: .clock, factory: .fixedClock),
/// ])
/// registry.registerDependencies()
/// ```
///
/// Instructions apply in the order given, so of two for the same type and scope the last wins.
public struct DynamicDependencyRegistry: DependencyRegistryType, Sendable {
    /// The checked instructions, grouped by the scope they register in, each group in order.
    public let definitions: [DependencyContainerScope: [DynamicDependencyDefinition]]

    /// Every checked instruction, in the order given.
    public let orderedDefinitions: [DynamicDependencyDefinition]

    /// The root whose containers the instructions register in.
    public let container: DependencyContainer

    /// Checks every instruction against the index; nothing is registered yet.
    ///
    /// - Parameters:
    ///   - instructions: The instructions, in the order to apply them.
    ///   - index: Where type and factory keys are looked up.
    ///   - container: The root to register in; scoped instructions go to its scopes.
    ///   - answering: What answers the calls of stubs the test answers; `nil` when nothing does.
    /// - Throws: ``DynamicDependencyIndexError`` for the first instruction the index cannot satisfy.
    public init(
        instructions: [DependencyInjectionInstruction],
        index: DynamicDependencyIndex = .shared,
        container: DependencyContainer = .global,
        answering: (any StubCallAnswering)? = nil
    ) throws(DynamicDependencyIndexError) {
        var ordered: [DynamicDependencyDefinition] = []
        for instruction in instructions {
            var definition: DynamicDependencyDefinition
            do {
                definition = try index.definition(for: instruction, answering: answering)
            } catch {
                throw error.read(from: instruction.origin)
            }
            // A spy wraps what the program registers before any instruction applies.
            if definition.spies {
                guard
                    let spiedOn = SpiedRegistration.replaced(definition.type, in: definition.scope, of: container.root)
                else {
                    throw DynamicDependencyIndexError.nothingToSpyOn(instruction, type: definition.type)
                        .read(from: instruction.origin)
                }
                definition.spiedOn = spiedOn
            }
            ordered.append(definition)
        }
        orderedDefinitions = ordered
        definitions = Dictionary(grouping: ordered, by: \.scope)
        self.container = container.root
    }

    /// Registers every instruction's factory. It cannot fail: everything was checked at creation.
    public func registerDependencies() {
        for definition in orderedDefinitions {
            definition.register(in: container)
        }
    }
}
