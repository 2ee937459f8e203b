/// The engine that every resolve runs on: the route through the containers, the one read of a
/// cached instance, and the construction of what is not cached yet.
///
/// `DependencyContainer` keeps the public API and hands each resolve to the engine, passing
/// itself along. The policy is written here once: the cycle and depth checks and the dispatch on
/// the lifecycle (``step(for:isOnPath:depth:isStackLow:)``), building a cached instance exactly
/// once (``BuildOnce`` over the ``ConstructionRegistry``'s wait-for graph), caching it together
/// with its teardown (``cacheIfCurrent(_:in:of:)``), and the `.weak` rule
/// (``requireObject(_:for:in:)``). Two fronts drive it: a synchronous one that blocks
/// (`ResolutionEngine+Blocking.swift`) and an async one that suspends
/// (`ResolutionEngine+Suspending.swift`); they differ only in how they wait and where the path of
/// the resolution is kept (the thread's ``ResolutionThreadState``, the task's
/// ``AsyncResolutionPath``). The first read of a ``Lazy`` or an ``Injected`` property
/// (``FirstResolution``) goes through the same ``BuildOnce``.
///
/// A namespace of static functions rather than a value that holds its container: storing the
/// container, even unowned, costs a retain and release per use, a tenth of a cached resolve (see
/// the contributor notes).
enum ResolutionEngine {
    /// What a resolve does with a registration at the point the resolution has reached.
    enum Step {
        /// The registration is already on the path: resolving it again would loop.
        case cycle
        /// The path is as deep as resolution allows, or the thread's stack nearly exhausted.
        case tooDeep
        /// Build a new instance (`.transient`).
        case build
        /// Build a new instance with an async factory (`.transient`): only the async front can.
        case buildAsync
        /// Build a new instance, which has a teardown, and hand it to its owner (a `.transient`
        /// registration with a teardown), or refuse it where it can have none (a `.weak` one); see
        /// `ResolutionEngine+Ownership.swift`.
        case buildOwned
        /// Share the instance of this resolution, built on first use (`.graph`).
        case shareInGraph
        /// Read the container's instance, or build it exactly once (`.singleton`,
        /// `.eagerSingleton`, `.weak`).
        case buildOnce
        /// Read the current unit of work's instance, or build it exactly once in the unit
        /// (`.unitOfWork`).
        case buildInUnit
    }

    /// The checks and the lifecycle dispatch that every front makes before it builds or reads,
    /// written once.
    ///
    /// - Parameters:
    ///   - registration: What is resolved.
    ///   - isOnPath: Whether the resolution's path holds `registration` already.
    ///   - depth: How many factories the path holds.
    ///   - isStackLow: Whether the thread's stack could overflow in one more factory; asked only
    ///     when the path is not too deep already.
    @inline(__always)
    static func step(
        for registration: AnyRegistration,
        isOnPath: Bool,
        depth: Int,
        isStackLow: @autoclosure () -> Bool
    ) -> Step {
        if isOnPath { return .cycle }
        if depth >= DependencyContainer.maximumResolutionDepth || isStackLow() { return .tooDeep }
        return registration.lifecycleStep
    }

    /// What a resolve does with a registration of `lifecycle` once the path allows it: the
    /// dispatch on the lifecycle, made once when the registration is made rather than on every
    /// resolve.
    @inline(__always)
    static func lifecycleStep(for lifecycle: LifecycleType, isAsync: Bool, hasTeardown: Bool) -> Step {
        switch lifecycle {
        case .transient where hasTeardown, .weak where hasTeardown: return .buildOwned
        case .transient: return isAsync ? .buildAsync : .build
        case .graph: return .shareInGraph
        case .unitOfWork: return .buildInUnit
        case .singleton, .eagerSingleton, .weak: return .buildOnce
        }
    }

    /// Why `registration` may not be built where the resolution has got to: it is on the path
    /// already (``DependencyResolutionError/Code/cycle``), or the path is too deep
    /// (``DependencyResolutionError/Code/depthLimitExceeded``). Out of line, so that the checks cost
    /// the hot path a branch each.
    @inline(never)
    static func refusal(
        _ step: Step,
        of registration: AnyRegistration,
        in container: DependencyContainer,
        after path: [String]
    ) -> DependencyResolutionError {
        DependencyResolutionError(
            code: step == .cycle ? .cycle : .depthLimitExceeded, requested: registration.key, scope: container.scope,
            path: path + [registration.key.description])
    }

    /// The unit of work a `.unitOfWork` registration resolves in: the current one, checked to be
    /// open (``UnitOfWork`` checks that it has not ended) and not held by a longer-lived instance
    /// on the path.
    ///
    /// - Parameters:
    ///   - threadDepth: How many factories run on this thread's path.
    ///   - threadPath: The nearest longer-lived registration on this thread's path, if any; asked
    ///     only when the path holds a factory.
    ///   - asyncPath: The task's path of async factories; looked up only while a longer-lived
    ///     async factory runs somewhere (``AsyncResolutionPath/mayHoldUnitInstances``).
    ///   - path: The resolution's path so far, for the errors.
    /// - Returns: The unit, unretained: the task-local binding that made it current holds it for
    ///   the whole of the resolve (see ``UnitOfWork/currentUnretained``).
    @inline(__always)
    static func currentUnit(
        for registration: AnyRegistration,
        in container: DependencyContainer,
        threadDepth: Int,
        threadPath: @autoclosure () -> (key: RegistrationKey, lifecycle: LifecycleType)?,
        asyncPath: @autoclosure () -> AsyncResolutionPath,
        path: @autoclosure () -> [String]
    ) throws -> Unmanaged<UnitOfWork> {
        let unit = UnitOfWork.currentUnretained
        // Every frame of this thread's path runs inside the unit; of the task's async frames,
        // only those pushed after the unit opened (a factory that opened it ends it first).
        if threadDepth > 0 || AsyncResolutionPath.mayHoldUnitInstances {
            let depthAtOpen = unit?._withUnsafeGuaranteedRef { $0.asyncDepthAtOpen } ?? 0
            if let holder = threadPath() ?? asyncPath().nearestOutlivingUnits(deeperThan: depthAtOpen) {
                // Checked before the unit: the rule holds with or without one open.
                throw unitRefusal(.captiveDependency, of: registration, in: container, heldBy: holder, after: path())
            }
        }
        guard let unit else { throw unitRefusal(.outsideUnitOfWork, of: registration, in: container, after: path()) }
        return unit
    }

    /// Why a `.unitOfWork` registration may not be resolved: held by a longer-lived instance, no
    /// unit open, or the unit ended. Out of line, so that the checks cost the hot path a branch
    /// each.
    @inline(never)
    static func unitRefusal(
        _ code: DependencyResolutionError.Code,
        of registration: AnyRegistration,
        in container: DependencyContainer,
        heldBy holder: (key: RegistrationKey, lifecycle: LifecycleType)? = nil,
        after path: [String]
    ) -> DependencyResolutionError {
        DependencyResolutionError(
            code: code, requested: registration.key, scope: container.scope,
            path: path + [registration.key.description], heldBy: holder.map { ($0.key.description, $0.lifecycle) })
    }

    /// The resolution path as errors show it: the async factories running in this task, then the
    /// factories running on this thread, outermost first.
    static func pathDescriptions(on thread: ResolutionThreadState) -> [String] {
        AsyncResolutionPath.current.descriptions + thread.path.descriptions
    }

    /// Keeps what a singleton, eager singleton or weak registration built, for both fronts'
    /// ``BuildOnce`` drivers: checked first when it is to be held weakly, then cached.
    @inline(__always)
    static func keep<Service>(
        _ built: Service,
        in registration: Registration<Service>,
        of container: DependencyContainer
    ) throws -> BuildOnce.Kept {
        if registration.lifecycle == .weak {
            try requireObject(built, for: registration, in: container)
        }
        cacheIfCurrent(built, in: registration, of: container)
        return .claimOpen
    }

    /// Keeps what a registration built, unless the registration was replaced while it built: then
    /// the caller hands out what it built, uncached.
    static func cacheIfCurrent<Service>(
        _ built: Service,
        in registration: Registration<Service>,
        of container: DependencyContainer
    ) {
        // The teardown is recorded under the same write lock that publishes the instance: a
        // dependent built from the cached instance by another thread records its own teardown only
        // after this one, so shutdown, running the log backwards, never closes a dependency first.
        // Anything replaced is released here, after unlocking, in case its deinit resolves.
        let table = container.table
        let replaced = table.withWrite { contents -> Any? in
            guard contents.isCurrent(registration) else { return nil }
            let replaced = registration.cache(built)
            if let teardown = registration.teardown, registration.lifecycle.isCached {
                container.family.teardowns.record(
                    PendingTeardown(
                        of: built, built: registration, in: table, scope: container.scope, teardown: teardown))
            }
            return replaced
        }
        withExtendedLifetime(replaced) {}
    }

    /// Checks that what a `.weak` factory built can be held weakly: for the synchronous and the
    /// async build alike. Out of line: it handles the service as `Any`, which only the rare `.weak`
    /// lifecycle should pay for.
    @inline(never)
    static func requireObject<Service>(
        _ built: Service,
        for registration: Registration<Service>,
        in container: DependencyContainer
    ) throws {
        guard type(of: built as Any) is AnyClass else {
            throw DependencyResolutionError(
                code: .weakNeedsObject, requested: registration.key, scope: container.scope,
                path: pathDescriptions(on: .current) + [registration.key.description])
        }
    }
}
