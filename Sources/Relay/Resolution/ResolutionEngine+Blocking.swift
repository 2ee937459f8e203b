extension ResolutionEngine {
    /// Resolves `key` from `container` without looking for overrides or observers: the hot path.
    ///
    /// The container, then its root, each under a read lock no other reader contends on. A cached
    /// singleton is copied out of its storage while the lock is held, through unretained references:
    /// the hot path retains nothing but the instance it returns, and holds no `Service?` (whose
    /// metadata unspecialised code would look up in the runtime on every call).
    @inline(__always)
    static func resolve<Service>(_ key: RegistrationKey, from container: DependencyContainer) throws -> Service {
        try resolveOwn(key, from: container) { try resolveThroughRoot(key, of: container) }
    }

    /// Resolves what a container does not hold: from its root, or not at all. Out of line, so the
    /// common case (the container holds the registration) keeps a small frame.
    @inline(never)
    private static func resolveThroughRoot<Service>(
        _ key: RegistrationKey,
        of container: DependencyContainer
    ) throws -> Service {
        guard let parent = container.parent else { return try container.resolveUnregistered(key) }
        return try resolveOwn(key, from: parent) { try container.resolveUnregistered(key) }
    }

    /// Resolves `key` from a container's own registrations, or returns what `fallback` does when
    /// there is none.
    @inline(__always)
    private static func resolveOwn<Service>(
        _ key: RegistrationKey,
        from container: DependencyContainer,
        orElse fallback: () throws -> Service
    ) throws -> Service {
        try container.table.cachedInstance(
            of: key, as: Service.self,
            notBuilt: { try instance(found: $0, in: container) },
            notRegistered: fallback)
    }

    /// Builds (or finds) the instance of a registration found untyped. Out of line, so that the
    /// hot path of a cached read keeps a small frame, and the blocking front's closure runs in
    /// this function's frame rather than in one of its own (measured: 50 instructions fewer per
    /// transient graph).
    @inline(never)
    private static func instance<Service>(
        found registration: AnyRegistration,
        in container: DependencyContainer
    ) throws -> Service {
        // Safe: a table stores under a key only a registration of the key's type.
        try instance(of: unsafeDowncast(registration, to: Registration<Service>.self), in: container)
    }

    /// Returns the cached instance of a registration `container` holds, or builds one; a thread
    /// that must wait for another's build blocks.
    @inline(__always)
    static func instance<Service>(
        of registration: Registration<Service>,
        in container: DependencyContainer
    ) throws -> Service {
        // Borrowed, not retained: the thread's key slot owns its state until the thread exits,
        // and reference counting it would be a tenth of a build.
        try ResolutionThreadState.currentUnretained._withUnsafeGuaranteedRef { thread in
            try instance(of: registration, in: container, on: thread)
        }
    }

    @inline(__always)
    private static func instance<Service>(
        of registration: Registration<Service>,
        in container: DependencyContainer,
        on thread: ResolutionThreadState
    ) throws -> Service {
        let step = step(
            for: registration, isOnPath: thread.path.contains(registration), depth: thread.path.count,
            isStackLow: thread.isStackNearlyExhausted)
        switch step {
        case .cycle, .tooDeep:
            throw refusal(step, of: registration, in: container, after: pathDescriptions(on: thread))
        case .build:
            return try build(registration, in: container, on: thread)
        case .buildAsync:
            throw asyncFactoryError(for: registration, in: container, on: thread)
        case .buildOwned:
            return try buildOwned(registration, in: container, on: thread)
        case .shareInGraph:
            return try graphInstance(of: registration, in: container, on: thread)
        case .buildOnce:
            return try buildOnce(registration, in: container, on: thread)
        case .buildInUnit:
            return try unitInstance(of: registration, in: container, on: thread)
        }
    }

    /// The current unit of work's instance of a `.unitOfWork` registration, built on first use
    /// exactly once per unit, however many threads and tasks of the unit race for it.
    @inline(never)
    static func unitInstance<Service>(
        of registration: Registration<Service>,
        in container: DependencyContainer,
        on thread: ResolutionThreadState
    ) throws -> Service {
        let unit = try currentUnit(
            for: registration, in: container, threadDepth: thread.path.count,
            threadPath: thread.path.nearestOutlivingUnits, asyncPath: AsyncResolutionPath.current,
            path: pathDescriptions(on: thread))
        return try unit._withUnsafeGuaranteedRef { unit in
            try unit.builtInstance(of: registration, as: Service.self) {
                try buildInUnit(registration, in: container, unit: unit, on: thread)
            }
        }
    }

    /// Builds a `.unitOfWork` registration's instance in `unit`, or waits for the resolver that
    /// builds it: the first resolve in a unit. Out of line, so that a resolve of a built instance
    /// keeps a small frame.
    @inline(never)
    private static func buildInUnit<Service>(
        _ registration: Registration<Service>,
        in container: DependencyContainer,
        unit: UnitOfWork,
        on thread: ResolutionThreadState
    ) throws -> Service {
        let resolver = AsyncResolutionPath.currentResolver
        // The resolver that makes the slot claims it as it makes it: the first build in a unit, by
        // far the most common, takes the registry's lock only to end.
        let claimer = registration.isAsync ? nil : resolver
        guard let (slot, isClaimed) = unit.slot(for: registration, in: container, claimingFor: claimer) else {
            throw unitRefusal(.unitOfWorkEnded, of: registration, in: container, after: pathDescriptions(on: thread))
        }
        if registration.isAsync {
            // Synchronous code reads an async registration's instance, and never waits for one.
            return try unit.builtInstance(of: registration, as: Service.self) {
                throw asyncFactoryError(for: registration, in: container, on: thread)
            }
        }
        // A local function rather than a closure: it can be marked to inline (as a closure, it
        // was a call per build, 4% of opening a unit and building three).
        @inline(__always)
        func keep(_ built: Service) throws -> BuildOnce.Kept {
            // A claim made with the slot that nobody else has sought ends as the instance is kept:
            // nobody waits for it.
            let (isKept, mustEndClaim) =
                isClaimed ? unit.publishClaimed(built, in: slot) : (unit.publish(built, in: slot), true)
            // The unit ended while it was built: nothing is handed out. The build fails with the
            // error, which its waiters share (`BuildOnce.fail`); this resolve ends the late instance.
            guard isKept else { throw endLate(built, of: registration, in: container, on: thread) }
            return mustEndClaim ? .claimOpen : .claimEnded
        }
        return try BuildOnce(slot, in: container, by: resolver).obtain(
            isClaimed: isClaimed, path: pathDescriptions(on: thread), isKept: { unit.isBuilt(slot) },
            read: { unit.builtInstance(in: slot, as: Service.self) },
            build: { try build(registration, in: container, on: thread) }, keep: keep)
    }

    /// A new instance of a `.transient` registration with a teardown, handed to its owner (see
    /// `ResolutionEngine+Ownership.swift`).
    @inline(never)
    private static func buildOwned<Service>(
        _ registration: Registration<Service>,
        in container: DependencyContainer,
        on thread: ResolutionThreadState
    ) throws -> Service {
        let owner = try teardownOwner(
            for: registration, in: container, thread: thread, asyncPath: AsyncResolutionPath.current,
            path: pathDescriptions(on: thread))
        if registration.isAsync { throw asyncFactoryError(for: registration, in: container, on: thread) }
        let built = try build(registration, in: container, on: thread)
        return try handOver(built, of: registration, in: container, to: owner, on: thread)
    }

    /// The instance of a `.graph` registration that this resolution shares, built on first use.
    @inline(never)
    private static func graphInstance<Service>(
        of registration: Registration<Service>,
        in container: DependencyContainer,
        on thread: ResolutionThreadState
    ) throws -> Service {
        // Inside an async resolution its instances are the task's, so that the async factories
        // and the synchronous ones they call share them.
        let shared = AsyncResolutionPath.current.graph ?? thread.graph
        if let built = shared?.instance(of: registration) { return built }
        if registration.isAsync { throw asyncFactoryError(for: registration, in: container, on: thread) }
        // One with a teardown has an owner, as a transient has (it is built once per resolution).
        let owner = try registration.teardown.map { _ in
            try teardownOwner(
                for: registration, in: container, thread: thread, asyncPath: AsyncResolutionPath.current,
                path: pathDescriptions(on: thread))
        }
        var built = try build(registration, in: container, on: thread)
        if let owner { built = try handOver(built, of: registration, in: container, to: owner, on: thread) }
        // Looked up again: a `.graph` registration built inside this one may have made the
        // resolution's storage meanwhile, and what this one built belongs there too.
        if let shared = shared ?? thread.graph { return shared.keep(built, for: registration) }
        // A top-level resolve of the registration itself has nothing to share it with.
        guard thread.path.count > 0 else { return built }
        let graph = GraphInstances()
        thread.graph = graph
        return graph.keep(built, for: registration)
    }

    /// The cycle, or the call for `await`, that a synchronous resolve of an async registration
    /// with no instance cached meets: synchronous code cannot wait for an async factory.
    @inline(never)
    private static func asyncFactoryError(
        for registration: AnyRegistration,
        in container: DependencyContainer,
        on thread: ResolutionThreadState
    ) -> DependencyResolutionError {
        let path = pathDescriptions(on: thread) + [registration.key.description]
        // Its async factory is already running further out in this task: the resolve is a cycle.
        let code: DependencyResolutionError.Code =
            AsyncResolutionPath.current.contains(registration) ? .cycle : .asyncFactory
        if code == .asyncFactory, let missing = container.missingArgumentsError(for: registration, path: path) {
            return missing
        }
        return DependencyResolutionError(
            code: code, requested: registration.key, scope: container.scope, path: path,
            calledSynchronouslyInTask: thread.path.count == 0 && PrivateRuntimeABI.currentTask != nil)
    }

    /// Builds and caches a singleton, eager singleton or weak instance, exactly once per container
    /// however many threads race for it.
    ///
    /// The first thread to claim the registration builds it, holding no lock while its factory
    /// runs; a thread that needs it meanwhile waits for that build only (see
    /// ``ConstructionRegistry``), then reads what it cached or shares how it failed
    /// (`BuildOnce.obtain`).
    @inline(never)
    private static func buildOnce<Service>(
        _ registration: Registration<Service>,
        in container: DependencyContainer,
        on thread: ResolutionThreadState
    ) throws -> Service {
        let table = container.table
        if registration.isAsync {
            // Synchronous code reads an async registration's instance, and never waits for one.
            return try keptInstance(of: registration, in: table) {
                throw asyncFactoryError(for: registration, in: container, on: thread)
            }
        }
        return try BuildOnce(registration, in: container).obtain(
            path: pathDescriptions(on: thread),
            isKept: { table.withRead { _ in registration.hasCachedInstance() } },
            read: { () throws(BuildOnce.Vanished) -> Service in try keptInstance(of: registration, in: table) },
            build: { try build(registration, in: container, on: thread) },
            keep: { built in try keep(built, in: registration, of: container) })
    }

    /// The instance `registration` keeps (cached, or weakly held and still alive); what
    /// `otherwise` returns when it keeps none.
    @inline(__always)
    private static func keptInstance<Service, Failure: Error>(
        of registration: Registration<Service>,
        in table: RegistrationTable,
        otherwise: () throws(Failure) -> Service
    ) throws(Failure) -> Service {
        if registration.lifecycle == .weak {
            return try liveWeakInstance(of: registration, in: table, otherwise: otherwise)
        }
        return try table.cachedInstance(of: registration, otherwise: otherwise)
    }

    /// The instance `registration` keeps, for a claim that found one; throws
    /// ``BuildOnce/Vanished`` when it went away since.
    @inline(__always)
    static func keptInstance<Service>(
        of registration: Registration<Service>,
        in table: RegistrationTable
    ) throws(BuildOnce.Vanished) -> Service {
        try keptInstance(of: registration, in: table) { () throws(BuildOnce.Vanished) in throw BuildOnce.Vanished() }
    }

    /// The live weak instance of `registration`, or what `otherwise` returns when there is none.
    ///
    /// Out of line, as everything that handles a `Service?`: unspecialised code looks its metadata
    /// up in the runtime on entry to any function that holds one, and only the rare `.weak`
    /// lifecycle should pay for it.
    @inline(never)
    private static func liveWeakInstance<Service, Failure: Error>(
        of registration: Registration<Service>,
        in table: RegistrationTable,
        otherwise: () throws(Failure) -> Service
    ) throws(Failure) -> Service {
        if let alive = table.withRead({ _ in registration.cachedInstance }) {
            return alive
        }
        return try otherwise()
    }

    /// Runs a synchronous factory for an async resolution, on this thread's path: it never
    /// suspends, so no other task's frames can interleave with it there.
    static func buildInline<Service>(
        _ registration: Registration<Service>,
        in container: DependencyContainer
    ) throws -> Service {
        try inlineForAsync { thread in
            if thread.path.contains(registration) {
                throw refusal(.cycle, of: registration, in: container, after: pathDescriptions(on: thread))
            }
            return try build(registration, in: container, on: thread)
        }
    }

    /// Runs `body`, synchronous work of an async resolution, on this thread with the thread marked
    /// as working for it: a wait for another's build inside is then handed back
    /// (``InlineHandback/awaitBuild(_:refusal:)``) for the async resolution to await, instead of
    /// blocking a thread of the cooperative pool.
    @inline(__always)
    static func inlineForAsync<Service>(_ body: (ResolutionThreadState) throws -> Service) rethrows -> Service {
        try ResolutionThreadState.currentUnretained._withUnsafeGuaranteedRef { thread in
            thread.inlineForAsync += 1
            defer { thread.inlineForAsync -= 1 }
            return try body(thread)
        }
    }

    /// Runs a registration's factory with the registration on this thread's path.
    private static func build<Service>(
        _ registration: Registration<Service>,
        in container: DependencyContainer,
        on thread: ResolutionThreadState
    ) throws -> Service {
        thread.path.push(ResolutionFrame(registration: registration, container: container))
        thread.builds &+= 1
        defer {
            thread.path.pop()
            // The resolution ends with its outermost factory: its `.graph` instances go with it.
            if thread.graph != nil, thread.path.count == 0 { thread.graph = nil }
        }
        do {
            return try registration.factory(container)
        } catch let error as DependencyResolutionError {
            // Already carries the full path from the point where it failed.
            throw error
        } catch let handback as InlineHandback {
            throw handback
        } catch {
            throw DependencyResolutionError(
                code: .factoryFailed, requested: registration.key, scope: container.scope,
                path: pathDescriptions(on: thread), underlyingError: error)
        }
    }
}
