/// A factory for one service type, with the instance it built when the lifecycle keeps one.
///
/// The cached instance is guarded by the lock of the ``RegistrationTable`` that holds the
/// registration: read under its read lock, written under its write lock.
final class Registration<Service>: AnyRegistration {
    /// Builds the service; receives the container that holds this registration.
    let factory: @Sendable (DependencyContainer) throws -> Service

    /// The built instance, for `.singleton` and `.eagerSingleton`. Boxed, so the hot path moves a
    /// class reference instead of an `Optional<Service>`, whose metadata unspecialised generic
    /// code would look up in the runtime on every call. Exclusivity is unchecked: the table's
    /// lock already serialises every write against every read.
    @exclusivity(unchecked) private var instance: InstanceBox<Service>?

    /// The built instance, for `.weak`.
    @exclusivity(unchecked) private weak var weakInstance: AnyObject?

    init(
        key: RegistrationKey,
        lifecycle: LifecycleType,
        instruction: String? = nil,
        factory: @escaping @Sendable (DependencyContainer) throws -> Service
    ) {
        self.factory = factory
        super.init(key: key, lifecycle: lifecycle, instruction: instruction)
    }

    /// The cached singleton, boxed: what the hot path reads. Call under the read lock.
    override var cachedBoxObject: AnyObject? { instance }

    /// The cached instance, if the lifecycle keeps one and it is alive. Call under the read lock.
    @inline(__always)
    var cachedInstance: Service? {
        if let instance { return instance.value }
        if lifecycle == .weak, let object = weakInstance {
            return object as? Service
        }
        return nil
    }

    /// Keeps `built` as this registration's instance. Call under the write lock.
    func cache(_ built: Service) {
        switch lifecycle {
        case .singleton, .eagerSingleton:
            instance = InstanceBox(built)
        case .weak:
            weakInstance = built as AnyObject
        case .transient:
            break
        }
    }

    override func takeCachedInstance() -> Any? {
        defer {
            instance = nil
            weakInstance = nil
        }
        return instance?.value
    }

    override func resolveErased(in container: DependencyContainer) throws -> Any {
        try container.instance(of: self)
    }

    override func resolveErased(in container: DependencyContainer, under layer: OverrideLayer) throws -> Any {
        let service: Service = try container.resolve(key, under: layer)
        return service
    }
}

/// A built instance on the heap (see ``Registration``).
final class InstanceBox<Service> {
    let value: Service

    init(_ value: Service) {
        self.value = value
    }
}
