/// Who owns what a resolve builds: the one rule that decides which owner runs an instance's
/// teardown, and what happens to an instance whose owner ended while it was built.
///
/// - A container owns the instances it caches (singletons, eager singletons, weak instances:
///   ``ResolutionEngine/cacheIfCurrent(_:in:of:)`` records them), and runs their teardowns at
///   ``DependencyContainer/shutdown()``; also what a registration replaced while it built hands
///   out uncached (re-wiring under live traffic), which no cache holds but the container owns.
/// - A unit of work owns its `.unitOfWork` instances (`UnitOfWork.publish`), and runs their
///   teardowns when it ends: closed, dropped, or ended by the container's shutdown.
/// - A `.transient` or `.graph` instance with a teardown is owned by what it is built for: the
///   container, when the factory of a longer-lived instance (singleton, eager, weak) resolves it,
///   since that instance holds it for the container's life; otherwise the current unit of work,
///   as a .NET scope owns the transients it resolved. With neither, the resolve is refused before
///   anything is built (``DependencyResolutionError/Code/teardownWithoutOwner``): a teardown is
///   never accepted and then not run.
/// - A `.weak` instance lives while others hold it: nothing owns it, so a `.weak` registration
///   with a teardown is refused when resolved, with the same code, before its factory runs.
/// - An instance built for a unit that ended meanwhile is nobody's: it is never kept nor handed
///   out; its resolve tears it down and throws ``DependencyResolutionError/Code/unitOfWorkEnded``
///   (awaiting the teardown where it can: see ``lateInstance(_:of:in:path:)``).
extension ResolutionEngine {
    /// Who tears down an instance built now.
    enum TeardownOwner {
        /// The container that holds the registration.
        case container
        /// The current unit of work, unretained: its task-local binding holds it for the resolve.
        case unit(Unmanaged<UnitOfWork>)
    }

    /// The owner of an instance of `registration` (a transient or `.graph` registration with a
    /// teardown) built where the resolution has got to; checked before anything is built.
    ///
    /// - Parameters:
    ///   - thread: The thread's path of synchronous factories.
    ///   - asyncPath: The task's path of async factories.
    ///   - path: The resolution's path so far, for the errors.
    /// - Throws: ``DependencyResolutionError/Code/teardownWithoutOwner`` outside any unit, not for a
    ///   longer-lived instance; ``DependencyResolutionError/Code/unitOfWorkEnded`` in a unit that
    ///   has ended.
    static func teardownOwner(
        for registration: AnyRegistration,
        in container: DependencyContainer,
        thread: ResolutionThreadState,
        asyncPath: AsyncResolutionPath,
        path: @autoclosure () -> [String]
    ) throws -> TeardownOwner {
        if registration.lifecycle == .weak {
            throw DependencyResolutionError(
                code: .teardownWithoutOwner, requested: registration.key, scope: container.scope,
                path: path() + [registration.key.description],
                heldBy: (registration.key.description, .weak))
        }
        let unit = UnitOfWork.currentUnretained
        // Of the task's async frames, only those pushed after the unit opened: a factory that
        // opened the unit ends it before it returns.
        let depthAtOpen = unit?._withUnsafeGuaranteedRef { $0.asyncDepthAtOpen } ?? 0
        if thread.path.nearestOutlivingUnits() != nil || asyncPath.nearestOutlivingUnits(deeperThan: depthAtOpen) != nil
        {
            return .container
        }
        guard let unit else { throw unitRefusal(.teardownWithoutOwner, of: registration, in: container, after: path()) }
        if unit._withUnsafeGuaranteedRef({ $0.isEnded }) {
            throw unitRefusal(.unitOfWorkEnded, of: registration, in: container, after: path())
        }
        return .unit(unit)
    }

    /// Hands `built` to `owner`, from synchronous code; when the owner is a unit that ended
    /// meanwhile, ends it as a late instance and throws.
    static func handOver<Service>(
        _ built: Service,
        of registration: Registration<Service>,
        in container: DependencyContainer,
        to owner: TeardownOwner,
        on thread: ResolutionThreadState
    ) throws -> Service {
        guard adopt(built, of: registration, in: container, by: owner) else {
            throw endLate(built, of: registration, in: container, on: thread)
        }
        return built
    }

    /// Hands `built` to `owner`, from async code; when the owner is a unit that ended meanwhile,
    /// tears it down, awaiting, and throws.
    nonisolated(nonsending) static func handOverAsync<Service>(
        _ built: Service,
        of registration: Registration<Service>,
        in container: DependencyContainer,
        to owner: TeardownOwner
    ) async throws -> Service {
        guard adopt(built, of: registration, in: container, by: owner) else {
            let late = lateInstance(
                built, of: registration, in: container, path: AsyncResolutionPath.current.descriptions)
            throw await late.settled()
        }
        return built
    }

    /// Gives `built` to its owner; `false` when the owner is a unit that has ended.
    private static func adopt<Service>(
        _ built: Service,
        of registration: Registration<Service>,
        in container: DependencyContainer,
        by owner: TeardownOwner
    ) -> Bool {
        guard let teardown = registration.teardown else { return true }
        switch owner {
        case .container:
            // Recorded before the longer-lived instance that resolved it is cached: shutdown, which
            // runs the log backwards, tears that instance down first.
            container.family.teardowns.record(
                PendingTeardown(
                    of: built, built: registration, in: container.table, scope: container.scope, teardown: teardown))
            return true
        case .unit(let unit):
            return unit._withUnsafeGuaranteedRef { $0.adopt(built, of: registration, in: container) }
        }
    }

    /// An instance built for a unit that ended meanwhile, with the error its resolve throws
    /// (``DependencyResolutionError/Code/unitOfWorkEnded``): to end before the error goes on
    /// (``InlineHandback/settled()``), or in the background where nothing can await it. Out of
    /// line, as the rare path it is.
    @inline(never)
    static func lateInstance<Service>(
        _ built: Service,
        of registration: Registration<Service>,
        in container: DependencyContainer,
        path: [String]
    ) -> InlineHandback {
        .endLate(
            LateInstance(LateTeardown(of: built, built: registration, in: container), owedTo: container.family),
            error: unitRefusal(.unitOfWorkEnded, of: registration, in: container, after: path))
    }

    /// Ends an instance built for a unit that ended meanwhile, from synchronous code, and returns
    /// the error to throw. Synchronous code cannot await the teardown: run in line for an async
    /// resolution, it hands the instance back to that resolution, which tears it down before the
    /// error goes on (``InlineHandback/settled()``); otherwise the teardown runs at once in a task the
    /// container tracks (its `shutdown()` awaits it; a failure reaches its observer). Out of line:
    /// the unit build's `keep`, which throws it, stays small enough to inline.
    @inline(never)
    static func endLate<Service>(
        _ built: Service,
        of registration: Registration<Service>,
        in container: DependencyContainer,
        on thread: ResolutionThreadState
    ) -> any Error {
        let late = lateInstance(built, of: registration, in: container, path: pathDescriptions(on: thread))
        return thread.inlineForAsync > 0 ? late : late.settledAsUserError()
    }

    /// The failure of a late instance's teardown.
    static func lateFailure(_ failures: [DependencyShutdownError.Failure]) -> DependencyShutdownError {
        DependencyShutdownError(failures: failures, ending: "Tearing down an instance built as its unit of work ended")
    }
}
