extension DependencyContainer {
    /// The deepest a chain of factories may nest before resolution stops with
    /// ``DependencyResolutionError/Code/depthLimitExceeded``.
    ///
    /// A thread with a small stack stops earlier, with the same error, when the next factory could
    /// overflow its stack: resolution watches how much stack is left, not only the depth.
    public static let maximumResolutionDepth = 1_500

    /// Returns the instance registered for a type, building it if its lifecycle asks for that.
    ///
    /// A scoped container that has no registration for the type asks its root.
    ///
    /// ```swift
    /// let store = try container.resolve(BookStore.self)
    /// let tracker = try container.resolve(Tracker.self, name: "google")
    /// ```
    ///
    /// - Parameters:
    ///   - type: The registered type.
    ///   - name: The registration's name; `nil` for the default.
    /// - Returns: The cached instance, or a new one from the factory.
    /// - Throws: ``DependencyResolutionError`` when the type is not registered, when resolving it
    ///   needs itself (a cycle), when the chain of factories is too deep, or when a factory throws.
    ///   The error names the resolution path.
    public func resolve<Service>(_ type: Service.Type = Service.self, name: String? = nil) throws -> Service {
        let key = RegistrationKey(type, name: name)
        if SlowPathGate.isOpen {
            return try resolveObserved(key)
        }
        return try resolveDirectly(key)
    }

    /// Resolves without looking for overrides or observers: the hot path.
    @inline(__always)
    func resolveDirectly<Service>(_ key: RegistrationKey) throws -> Service {
        // This container, then its root, each under a read lock no other reader contends on. The
        // lookups are non-generic and borrow `self` and `parent`, so the hot path neither holds a
        // `Service?` (a runtime metadata lookup) nor retains the shared container objects.
        let here = lookUp(key)
        if let box = here.box { return unsafeDowncast(box, to: InstanceBox<Service>.self).value }
        if let registration = here.registration { return try instance(of: registration, as: Service.self) }
        if let parent {
            let there = parent.lookUp(key)
            if let box = there.box { return unsafeDowncast(box, to: InstanceBox<Service>.self).value }
            if let registration = there.registration { return try parent.instance(of: registration, as: Service.self) }
        }
        throw notRegisteredError(for: key)
    }

    /// This container's own registration of `key`, read under one read lock: the cached singleton's
    /// box when there is one (and then nothing else, to spare a retain of the shared registration),
    /// otherwise the registration, if any.
    @inline(__always)
    private func lookUp(_ key: RegistrationKey) -> (box: AnyObject?, registration: AnyRegistration?) {
        table.lock.withReadLock {
            guard let registration = table.registration(for: key) else { return (nil, nil) }
            if let box = registration.cachedBoxObject { return (box, nil) }
            return (nil, registration)
        }
    }

    /// Builds (or finds) the instance of a registration found untyped.
    private func instance<Service>(of registration: AnyRegistration, as _: Service.Type) throws -> Service {
        // Safe: a table stores under a key only a registration of the key's type.
        try instance(of: unsafeDowncast(registration, to: Registration<Service>.self))
    }

    /// Returns an instance of every registration of a type, unnamed and named, in registration order.
    ///
    /// A scoped container lists its own registrations first, then those of its root that it does
    /// not replace (same name).
    ///
    /// ```swift
    /// for tracker in try container.resolveAll(Tracker.self) { tracker.track(event) }
    /// ```
    ///
    /// - Parameter type: The registered type.
    /// - Returns: The instances; empty when the type has no registration.
    /// - Throws: ``DependencyResolutionError`` when building any of them fails.
    public func resolveAll<Service>(_ type: Service.Type = Service.self) throws -> [Service] {
        let typeID = ObjectIdentifier(type)
        if SlowPathGate.isOpen, let layer = OverrideLayer.active(for: root) {
            // Every name the override or the base knows, each resolved through the override.
            var names: [String?] = []
            for container in layer.lookupChain(for: scope) {
                let keys = container.table.lock.withReadLock { container.table.registrations(of: typeID).map(\.key) }
                names += keys.map(\.name).filter { !names.contains($0) }
            }
            return try names.map { try resolve(RegistrationKey(type, name: $0), under: layer) }
        }
        var seenNames: Set<String?> = []
        var instances: [Service] = []
        for container in lookupChain {
            let registrations = container.table.lock.withReadLock { container.table.registrations(of: typeID) }
            for registration in registrations where seenNames.insert(registration.key.name).inserted {
                let typed = unsafeDowncast(registration, to: Registration<Service>.self)
                instances.append(try container.instance(of: typed))
            }
        }
        return instances
    }

    // MARK: - Building

    /// Returns the cached instance of a registration this container holds, or builds one.
    @inline(never)
    func instance<Service>(of registration: Registration<Service>) throws -> Service {
        let thread = ResolutionThreadState.current
        if thread.path.contains(where: { $0.registration === registration }) {
            throw DependencyResolutionError(
                code: .cycle, requested: registration.key, scope: scope,
                path: thread.path.map(\.description) + [registration.key.description])
        }
        if thread.path.count >= Self.maximumResolutionDepth || thread.isStackNearlyExhausted {
            throw DependencyResolutionError(
                code: .depthLimitExceeded, requested: registration.key, scope: scope,
                path: thread.path.map(\.description) + [registration.key.description])
        }
        guard registration.lifecycle != .transient else {
            return try build(registration, on: thread)
        }
        return try buildCached(registration, on: thread)
    }

    // The function below handles `Service?` values, whose metadata unspecialised code looks up in
    // the runtime on entry to any function that holds one: it stays out of line, so that resolving
    // a cached singleton or building a transient never pays for it.

    /// Builds and caches a singleton, eager singleton or weak instance, exactly once.
    @inline(never)
    private func buildCached<Service>(
        _ registration: Registration<Service>,
        on thread: ResolutionThreadState
    ) throws -> Service {
        // A live weak instance (the fast path reads only singletons) needs no creation lock.
        if let alive = table.lock.withReadLock({ registration.cachedInstance }) {
            return alive
        }
        return try PthreadMutex.creation.withLock {
            // Another thread may have built it while this one waited for the lock.
            if let cached = table.lock.withReadLock({ registration.cachedInstance }) {
                return cached
            }
            let built = try build(registration, on: thread)
            if registration.lifecycle == .weak, !(type(of: built as Any) is AnyClass) {
                throw DependencyResolutionError(
                    code: .weakNeedsObject, requested: registration.key, scope: scope,
                    path: thread.path.map(\.description) + [registration.key.description])
            }
            table.lock.withWriteLock {
                // A registration replaced while it was building hands out what it built, uncached.
                if table.isCurrent(registration) {
                    registration.cache(built)
                }
            }
            return built
        }
    }

    /// Runs a registration's factory with the registration on this thread's path.
    private func build<Service>(
        _ registration: Registration<Service>,
        on thread: ResolutionThreadState
    ) throws -> Service {
        thread.path.append(ResolutionFrame(registration: registration, scope: scope))
        thread.builds &+= 1
        defer { thread.path.removeLast() }
        do {
            return try registration.factory(self)
        } catch let error as DependencyResolutionError {
            // Already carries the full path from the point where it failed.
            throw error
        } catch {
            throw DependencyResolutionError(
                code: .factoryFailed, requested: registration.key, scope: scope,
                path: thread.path.map(\.description), underlyingError: error)
        }
    }

    // MARK: - Errors

    /// Describes a missing registration: where it was looked for, and what is registered nearby.
    func notRegisteredError(for key: RegistrationKey) -> DependencyResolutionError {
        let path = ResolutionThreadState.current.path.map(\.description) + [key.description]
        return DependencyResolutionError(
            code: .notRegistered, requested: key, scope: scope, path: path,
            nearby: nearbyRegistrations(of: key))
    }

    /// Registrations of the same type under another name, or in another scope of the same root.
    private func nearbyRegistrations(of key: RegistrationKey) -> [String] {
        let root = self.root
        let containers = [root] + root.family.scopeNames.map { root.container(for: $0) }
        var nearby: [String] = []
        for container in containers {
            let keys = container.table.lock.withReadLock {
                container.table.registrations(of: key.type).map(\.key)
            }
            for other in keys where other != key || !lookupChain.contains(where: { $0 === container }) {
                let place = container.isRoot ? "global" : "scope '\(container.scope)'"
                nearby.append("'\(other.description)' in \(place)")
            }
        }
        return nearby
    }
}
