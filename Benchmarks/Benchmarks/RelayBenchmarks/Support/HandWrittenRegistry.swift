/// What a person writes instead of a container: a dictionary of factories by type, and a
/// dictionary of the instances built. Not thread-safe, no errors, no scopes: the floor for the
/// scenarios that register many services (5 and 8).
final class HandWrittenRegistry {
    private var factories: [ObjectIdentifier: () -> AnyObject] = [:]
    private var instances: [ObjectIdentifier: AnyObject] = [:]

    init() {}

    func register<Service: AnyObject>(_ type: Service.Type, factory: @escaping () -> Service) {
        factories[ObjectIdentifier(type)] = factory
    }

    /// Registers a factory by the identifier of the type it builds, as a lookup by name finds it.
    func register(erased type: ObjectIdentifier, factory: @escaping () -> AnyObject) {
        factories[type] = factory
    }

    /// The cached instance, or a new one from the factory (then cached); traps when unregistered.
    func resolve<Service: AnyObject>(_ type: Service.Type) -> Service {
        let key = ObjectIdentifier(type)
        if let instance = instances[key] {
            return unsafeDowncast(instance, to: Service.self)
        }
        let instance = factories[key]!()
        instances[key] = instance
        return unsafeDowncast(instance, to: Service.self)
    }
}
