/// A factory that states the type it produces.
///
/// Applying an instruction checks that the factory's type is the type the instruction's type key
/// names, and registers the factory without any cast on the resolve path.
///
/// ```swift
/// TypedDependencyFactory((any Clock).self) { _ in FixedClock(now: .init(timeIntervalSince1970: 0)) }
/// ```
public struct TypedDependencyFactory: Sendable {
    /// The type the factory produces.
    public let producedType: Any.Type

    /// Builds a registration of the produced type, with a lifecycle, remembering the instruction.
    let makeRegistration: @Sendable (_ lifecycle: LifecycleType, _ instruction: String) -> AnyRegistration

    /// Creates a typed factory.
    ///
    /// - Parameters:
    ///   - type: The abstract type the factory produces: the type its instructions name.
    ///   - factory: Builds the instance; receives the container the instruction registers it in.
    public init<Service>(
        _ type: Service.Type,
        _ factory: @escaping @Sendable (DependencyContainer) throws -> Service
    ) {
        producedType = type
        makeRegistration = { lifecycle, instruction in
            Registration(
                key: RegistrationKey(type, name: nil), lifecycle: lifecycle, instruction: instruction, factory: factory)
        }
    }

    /// Wraps an untyped factory for `type`; what it returns is checked on every build.
    init(casting factory: @escaping DependencyFactory, to type: Any.Type, factoryKey: DependencyFactoryKey) {
        func typed<Service>(_ type: Service.Type) -> TypedDependencyFactory {
            TypedDependencyFactory(type) { container in
                let built = try factory(container)
                guard let service = built as? Service else {
                    throw DynamicDependencyIndexError.factoryProducedWrongType(
                        factory: factoryKey, produced: Swift.type(of: built), expected: type)
                }
                return service
            }
        }
        self = typed(type)
    }
}
