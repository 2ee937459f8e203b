/// A factory for one service type, with the instance it built when the lifecycle keeps one.
///
/// The cached instance is guarded by the lock of the ``RegistrationTable`` that holds the
/// registration: read under its read lock, written under its write lock.
final class Registration<Service>: AnyRegistration, @unchecked Sendable {
    // Safety: as for AnyRegistration. The factories and teardown are `@Sendable`; the cached
    // instance is read under the table's read lock and written under its write lock. What it
    // hands out crosses threads as every container's instances do: sharing them is what a
    // container is for, as `DependencyContainer`'s own documentation says.

    /// Builds the service; receives the container that holds this registration. For an async
    /// registration it only throws: a synchronous resolve cannot wait for an async factory.
    let factory: @Sendable (DependencyContainer) throws -> Service

    /// Builds the service by awaiting, for a registration made with an async factory; `nil` for a
    /// synchronous one.
    let asyncFactory: (@Sendable (DependencyContainer) async throws -> Service)?

    /// Closes what the factory built, when its owner ends (see `ResolutionEngine+Ownership.swift`);
    /// `nil` when there is nothing to close.
    let teardown: (@Sendable (Service) async throws -> Void)?

    /// The built instance, for `.singleton` and `.eagerSingleton`: a single `Service` on the heap
    /// at ``AnyRegistration/cachedStorage``, `nil` until built.
    ///
    /// A raw allocation rather than an `Optional<Service>` property or a generic box object,
    /// because unspecialised generic code looks up the runtime metadata of `Optional<Service>` or
    /// `Box<Service>` on every use (a hash-table lookup in the runtime), while a pointer to
    /// `Service` needs only `Service`'s own value witnesses. Read under the owning table's read
    /// lock, written under its write lock.
    @inline(__always)
    private var instance: UnsafeMutablePointer<Service>? {
        cachedStorage?.assumingMemoryBound(to: Service.self)
    }

    /// The built instance, for `.weak`. Read under the owning table's read lock, written (by
    /// `cache` and `takeCachedInstance`) under its write lock; exclusivity unchecked as for
    /// `cachedStorage`.
    @exclusivity(unchecked) private weak var weakInstance: AnyObject?

    @inline(__always)
    init(
        key: RegistrationKey,
        lifecycle: LifecycleType,
        instruction: String? = nil,
        factory: @escaping @Sendable (DependencyContainer) throws -> Service,
        teardown: (@Sendable (Service) async throws -> Void)? = nil
    ) {
        self.factory = factory
        self.asyncFactory = nil
        self.teardown = teardown
        super.init(
            key: key, lifecycle: lifecycle, instruction: instruction, isAsync: false, hasTeardown: teardown != nil)
    }

    init(
        key: RegistrationKey,
        lifecycle: LifecycleType,
        instruction: String? = nil,
        asyncFactory: @escaping @Sendable (DependencyContainer) async throws -> Service,
        teardown: (@Sendable (Service) async throws -> Void)? = nil
    ) {
        // Never called: every synchronous path checks `isAsync` before it would build.
        self.factory = { _ in throw CancellationError() }
        self.asyncFactory = asyncFactory
        self.teardown = teardown
        super.init(
            key: key, lifecycle: lifecycle, instruction: instruction, isAsync: true, hasTeardown: teardown != nil)
    }

    /// An alias: it forwards to `target`, with `factory` for a synchronous resolve and
    /// `asyncFactory` for an async one, and is not async itself, so a synchronous resolve reaches a
    /// target built by an async factory.
    ///
    /// Always `.transient`: it keeps nothing, so the target's lifecycle decides, and overrides never
    /// copy it (``copy(buildingIn:)`` would keep only the async factory).
    init(
        alias key: RegistrationKey,
        forwardingTo target: RegistrationKey,
        factory: @escaping @Sendable (DependencyContainer) throws -> Service,
        asyncFactory: @escaping @Sendable (DependencyContainer) async throws -> Service
    ) {
        self.factory = factory
        self.asyncFactory = asyncFactory
        self.teardown = nil
        super.init(
            key: key, lifecycle: .transient, instruction: nil, isAsync: false, hasTeardown: false, forwardsTo: target)
    }

    /// A registration under the same key that builds with this one's factories but hands them
    /// `owner`, whatever container holds the copy: an override's copy of a base registration. It
    /// keeps the original's instruction, so that what the copy builds (a launch's stub first built
    /// in a session) is still reported as that instruction's.
    func copy(buildingIn owner: DependencyContainer) -> Registration<Service> {
        let copy: Registration<Service>
        if let asyncFactory {
            let building: @Sendable (DependencyContainer) async throws -> Service = { _ in
                try await asyncFactory(owner)
            }
            copy = Registration(
                key: key, lifecycle: lifecycle, instruction: instruction, asyncFactory: building, teardown: teardown)
        } else {
            let factory = self.factory
            copy = Registration(
                key: key, lifecycle: lifecycle, instruction: instruction, factory: { _ in try factory(owner) },
                teardown: teardown)
        }
        copy.declaredDependencies = declaredDependencies
        return copy
    }

    /// The cached instance, if the lifecycle keeps one and it is alive. Call under the read lock.
    @inline(__always)
    var cachedInstance: Service? {
        if let instance { return instance.pointee }
        if lifecycle == .weak, let object = weakInstance {
            return object as? Service
        }
        return nil
    }

    /// Keeps `built` as this registration's instance. Call under the write lock.
    ///
    /// - Returns: An instance it replaces, for the caller to release after unlocking. Only the
    ///   resolver that claimed the registration's construction builds it, after the claim found
    ///   nothing cached, so there is normally none.
    func cache(_ built: Service) -> Any? {
        switch lifecycle {
        case .singleton, .eagerSingleton:
            let replaced = takeCachedInstance()
            let storage = UnsafeMutablePointer<Service>.allocate(capacity: 1)
            storage.initialize(to: built)
            cachedStorage = UnsafeMutableRawPointer(storage)
            return replaced
        case .weak:
            weakInstance = built as AnyObject
            return nil
        case .transient, .graph, .unitOfWork:
            return nil
        }
    }

    override var hasTeardown: Bool { teardown != nil }

    override func hasCachedInstance() -> Bool {
        cachedStorage != nil || weakInstance != nil
    }

    override func takeCachedInstance() -> Any? {
        weakInstance = nil
        guard let instance else { return nil }
        cachedStorage = nil
        defer { instance.deallocate() }
        return instance.move()
    }

    deinit {
        // The table that owned this registration is gone, or replaced it and took its instance
        // first: nothing else can read the storage now.
        if let instance {
            instance.deinitialize(count: 1)
            instance.deallocate()
        }
    }

    override func resolveErased(in container: DependencyContainer) throws -> Any {
        try ResolutionEngine.instance(of: self, in: container)
    }

    override func resolveErased(in container: DependencyContainer, under layer: OverrideLayer) throws -> Any {
        let service: Service = try layer.resolve(key, from: container)
        return service
    }

    nonisolated(nonsending) override func resolveErasedAsync(in container: DependencyContainer) async throws -> Any {
        try await ResolutionEngine.instanceAsync(of: self, in: container)
    }

    nonisolated(nonsending) override func resolveErasedAsync(
        in container: DependencyContainer,
        under layer: OverrideLayer
    ) async throws -> Any {
        let service: Service = try await layer.resolveAsync(key, from: container)
        return service
    }
}
