/// One dynamic instruction a program applied, as its ``WiringAccount`` reports it: which type it
/// replaced, with which factory, where, and what that factory has built so far.
///
/// ```swift
/// let store = try #require(wiring.injection(for: .bookStore))
/// #expect(store.factoryKey == .inMemoryBookStore)
/// #expect(store.instanceTypes == ["InMemoryBookStore"])
/// ```
public struct InjectedDependency: Sendable, Hashable, CustomStringConvertible {
    /// The instruction's type key: `bookStore`.
    public let typeKey: DependencyTypeKey

    /// The instruction's factory key: `inMemoryBookStore`.
    public let factoryKey: DependencyFactoryKey

    /// The scope the factory was registered in; ``DependencyContainerScope/global`` when the
    /// instruction named none.
    public let scope: DependencyContainerScope

    /// The lifecycle the factory was registered with; ``LifecycleType/singleton`` when the
    /// instruction named none.
    public let lifecycle: LifecycleType

    /// The instruction as the program read it: `type=bookStore,factory=inMemoryBookStore`.
    public let instruction: String

    /// The Swift type the type key names in the program, as Swift writes it: `BookStore`.
    public let type: String

    /// The Swift types of the instances the injected factory has produced so far, as Swift writes
    /// them (`InMemoryBookStore`), in the order first seen; empty until something resolves it.
    public let instanceTypes: [String]

    /// Creates a value; a ``WiringAccount`` makes these from what the program reported.
    ///
    /// - Parameters:
    ///   - typeKey: The instruction's type key.
    ///   - factoryKey: The instruction's factory key.
    ///   - scope: The scope the factory was registered in.
    ///   - lifecycle: The lifecycle it was registered with.
    ///   - instruction: The instruction as read.
    ///   - type: The Swift type the type key names.
    ///   - instanceTypes: The Swift types of the instances produced so far.
    public init(
        typeKey: DependencyTypeKey,
        factoryKey: DependencyFactoryKey,
        scope: DependencyContainerScope,
        lifecycle: LifecycleType,
        instruction: String,
        type: String,
        instanceTypes: [String] = []
    ) {
        self.typeKey = typeKey
        self.factoryKey = factoryKey
        self.scope = scope
        self.lifecycle = lifecycle
        self.instruction = instruction
        self.type = type
        self.instanceTypes = instanceTypes
    }

    /// `bookStore (BookStore) <- inMemoryBookStore, in global, singleton; built InMemoryBookStore`,
    /// in the words of the injection report.
    public var description: String {
        let place = scope.placeDescription()
        let built = instanceTypes.isEmpty ? "not resolved yet" : "built \(instanceTypes.joined(separator: ", "))"
        return "\(typeKey) (\(type)) <- \(factoryKey), in \(place), \(lifecycle); \(built)"
    }
}
