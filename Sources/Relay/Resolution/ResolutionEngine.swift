/// The engine that every resolve runs on: the route through the containers, the one read of a
/// cached instance, and the construction of what is not cached yet.
///
/// `DependencyContainer` keeps the public API and hands each resolve to the engine, passing
/// itself along. Each rule is written once, in a file of its own:
/// - where a resolve enters, and the route it takes (`ResolutionEngine+Route.swift`);
/// - the checks against the resolution's path, a cycle and a path too deep, and the dispatch on
///   the lifecycle (`ResolutionEngine+PathChecks.swift`, ``step(for:isOnPath:depth:isStackLow:)``);
/// - building once (``BuildOnce`` over the ``ConstructionRegistry``'s wait-for graph) and keeping
///   the instance with its teardown (`ResolutionEngine+KeptInstance.swift`);
/// - running a factory, and what its failure becomes (`ResolutionEngine+FactoryRun.swift`);
/// - who owns an instance with a teardown (`ResolutionEngine+Ownership.swift`);
/// - synchronous work run in line for an async resolution (`ResolutionEngine+InlineForAsync.swift`);
/// - a key no container registers: a wrapper made from what it wraps, or the not-registered error
///   (`ResolutionEngine+Unregistered.swift`);
/// - a resolve while an override or observer is active (`ResolutionEngine+Observed.swift`);
/// - runtime arguments on their way to their factory (``ArgumentPassing``).
///
/// Two fronts switch on the one ``Step``: a synchronous one that blocks
/// (`ResolutionEngine+Blocking.swift`) and an async one that suspends
/// (`ResolutionEngine+Suspending.swift`); they differ only in how they wait and where the path of
/// the resolution is kept (the thread's ``ResolutionThreadState``, the task's
/// ``AsyncResolutionPath``). The first read of a ``Lazy`` or an ``Injected`` property
/// (``FirstResolution``) goes through the same ``BuildOnce``.
///
/// A namespace of static functions rather than a value that holds its container: storing the
/// container, even unowned, costs a retain and release per use, a tenth of a cached resolve (see
/// the contributor notes).
@usableFromInline
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
}
