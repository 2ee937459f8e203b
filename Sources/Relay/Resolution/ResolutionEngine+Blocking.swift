extension ResolutionEngine {
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
            // `build`, written out: a transient's factory runs from this frame, not from one more.
            if registration.reportsNextBuild {
                return try buildReporting(registration, in: container, on: thread)
            }
            return try runFactory(registration, in: container, on: thread)
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
            threadPath: thread.path.nearestOutlivingUnits(), asyncPath: AsyncResolutionPath.current,
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
            build: {
                // Counted for an observed async resolve that runs this build in line.
                if SlowPathGate.isOpen { BuildCount.current?.increment() }
                return try build(registration, in: container, on: thread)
            }, keep: keep)
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
}
