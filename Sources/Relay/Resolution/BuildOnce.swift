/// One resolver's attempt to get the instance of a ``Construction``: the policy that every front
/// which builds once (a cached registration, the first read of a ``Lazy`` or an ``Injected``
/// property) follows, written once.
///
/// The loop: ``claim(isCached:path:awaitsWhileBuilding:)`` says whether to read what is kept, to
/// build, or to wait; a build ends with ``succeed()`` or ``fail(_:)``; after a wait the resolver
/// claims again. Every front that builds once runs it through one of the two drivers,
/// `obtain(isClaimed:path:isKept:read:build:keep:)` blocking and its async twin suspending. They
/// differ in how they wait (``wait(ticket:path:)`` blocks the thread, for a bounded time;
/// ``suspend(ticket:)`` suspends the task) and in one option each: the blocking one can start
/// with a claim made as its slot was made (`isClaimed`), the async one can build with a factory
/// that awaits (`awaitsWhileBuilding`). Where the instance goes is the front's (`read`, `keep`),
/// so no driver holds a `Service?`. Cycles, timeouts, shared failures and abandoned builds are
/// decided here.
struct BuildOnce {
    /// What to do next.
    enum Step {
        /// An instance is kept: read it (and if it is gone by then, claim again).
        case read
        /// This resolver builds it, then calls ``succeed()`` or ``fail(_:)``.
        case build
        /// Another resolver builds it: wait for the end of build number `ticket`, then claim again.
        case wait(ticket: UInt)
    }

    // Unowned: an attempt lives only inside the call of the front that made it, which holds the
    // construction and the container strongly for that whole time; reference counting them would
    // be a measurable part of a build.
    private unowned(unsafe) let construction: Construction
    private unowned(unsafe) let container: DependencyContainer
    private let resolver: ConstructionRegistry.Resolver
    private var registry: ConstructionRegistry { .shared }

    /// An attempt by the current thread or task.
    ///
    /// - Parameters:
    ///   - construction: What to get.
    ///   - container: Where it is built, for the wait limit and for naming it in errors.
    @inline(__always)
    init(_ construction: Construction, in container: DependencyContainer) {
        self.construction = construction
        self.container = container
        // The task, when the thread runs one: a factory that resolves synchronously inside an async
        // resolution builds on behalf of that task, and the wait-for graph must see one resolver.
        self.resolver = AsyncResolutionPath.currentResolver
    }

    /// An attempt by `resolver`, which the caller looked up already.
    @inline(__always)
    init(_ construction: Construction, in container: DependencyContainer, by resolver: ConstructionRegistry.Resolver) {
        self.construction = construction
        self.container = container
        self.resolver = resolver
    }

    /// Claims the construction, atomically: read, build or wait.
    ///
    /// - Parameters:
    ///   - isCached: Whether an instance is kept now; called under the registry's lock, it may take
    ///     only the lock of the construction's own storage.
    ///   - path: The resolver's path so far, for a cycle's message.
    ///   - awaitsWhileBuilding: Whether this resolver's build, should it claim one, awaits (an
    ///     async factory): a synchronous resolve inside a task is then refused at once rather than
    ///     block a thread of the pool that build needs.
    /// - Throws: ``DependencyResolutionError/Code/cycle`` when waiting would close a loop.
    @inline(__always)
    func claim(
        isCached: () -> Bool,
        path: @autoclosure () -> [String],
        awaitsWhileBuilding: Bool = false
    ) throws -> Step {
        switch registry.claim(
            construction, by: resolver, in: container, awaitsWhileBuilding: awaitsWhileBuilding, isCached: isCached)
        {
        case .cached:
            return .read
        case .build:
            return .build
        case .wait(let ticket):
            return .wait(ticket: ticket)
        case .cycle(let loop, let places):
            throw DependencyResolutionError(
                code: .cycle, requested: construction.key, scope: container.scope, path: path() + loop,
                loopPlaces: places)
        }
    }

    /// Blocks the thread until build number `ticket` ends, for at most the root's
    /// ``DependencyContainer/constructionWaitLimit``.
    ///
    /// A synchronous build runs on a thread of its own and needs no other, so waiting for it is
    /// safe, inside a task too, whoever started first: every waiter gets the instance. Inside a task,
    /// two waits are not made: one for a build that awaits (an async factory needs the cooperative
    /// pool, whose thread this wait would hold) is refused at once with
    /// ``DependencyResolutionError/Code/mustAwait``; and one inside a synchronous factory that an
    /// async resolution runs hands the build back to that resolution
    /// (``InlineHandback/awaitBuild(_:refusal:)``), which awaits it, suspending, before it runs
    /// the factory again.
    ///
    /// - Throws: The build's failure; ``DependencyResolutionError/Code/waitTimedOut`` when the limit
    ///   passes; ``DependencyResolutionError/Code/mustAwait`` or ``InlineHandback`` as above.
    func wait(ticket: UInt, path: @autoclosure () -> [String]) throws {
        if resolver.id.isTask {
            let thread = ResolutionThreadState.current
            // The read of an `@Injected` property cannot throw (it would trap): it waits, here and
            // below.
            if thread.inlineForAsync > 0, thread.readingInjectedProperty == 0 {
                registry.abandonWait(of: resolver, for: construction)
                throw InlineHandback.awaitBuild(
                    PendingBuild(construction: construction, container: container),
                    refusal: DependencyResolutionError(
                        code: .mustAwait, requested: construction.key, scope: container.scope,
                        path: path() + [construction.key.description], waited: .zero))
            }
            if thread.readingInjectedProperty == 0, registry.isAwaitingBuild(construction, ticket: ticket) {
                registry.abandonWait(of: resolver, for: construction)
                throw DependencyResolutionError(
                    code: .mustAwait, requested: construction.key, scope: container.scope,
                    path: path() + [construction.key.description], waited: .zero)
            }
        }
        let limit = container.constructionWaitLimit
        let deadline = PthreadCondition.deadline(after: limit)
        guard let outcome = registry.wait(for: construction, ticket: ticket, by: resolver, until: deadline) else {
            throw DependencyResolutionError(
                code: .waitTimedOut, requested: construction.key, scope: container.scope,
                path: path() + [construction.key.description], waited: limit)
        }
        try Self.carryOn(after: outcome)
    }

    /// Suspends the task until build number `ticket` ends.
    ///
    /// - Throws: The build's failure; `CancellationError` when the task is cancelled meanwhile.
    nonisolated(nonsending) func suspend(ticket: UInt) async throws {
        guard let outcome = await registry.suspend(for: construction, ticket: ticket, by: resolver) else {
            throw CancellationError()
        }
        try Self.carryOn(after: outcome)
    }

    /// Ends this resolver's build, whose instance is already kept (so a claim that comes after
    /// the end finds it).
    @inline(__always)
    func succeed() {
        registry.finish(construction, with: .built)
    }

    /// Ends this resolver's build with `error`, which its waiters share; a build stopped by its own
    /// task's cancellation is given up instead, and a waiter (not cancelled) builds anew. So is a
    /// build that stepped back to await another's (``InlineHandback/awaitBuild(_:refusal:)``): it
    /// did not fail, and a waiter that is a thread must not be handed what only an async
    /// resolution can act on. A late instance (``InlineHandback/endLate(_:error:)``) fails the
    /// build with the unit's end, the error the waiters get; the instance stays the builder's.
    @inline(__always)
    func fail(_ error: any Error) {
        if Task.isCancelled {
            registry.finish(construction, with: .abandoned)
        } else if let handback = error as? InlineHandback {
            registry.finish(construction, with: handback.sharedFailure.map { .failed($0) } ?? .abandoned)
        } else {
            registry.finish(construction, with: .failed(error))
        }
    }

    /// After a wait: claim again, or share the failure of the build waited for.
    private static func carryOn(after outcome: BuildOutcome) throws {
        if case .failed(let error) = outcome { throw error }
    }
}

extension BuildOnce {
    /// A kept instance that went away between the claim that found it and the read.
    struct Vanished: Error {}

    /// What is left of this resolver's claim once a front has kept what it built.
    enum Kept {
        /// The claim is open: the driver ends it (``BuildOnce/succeed()``).
        case claimOpen
        /// The claim ended as the instance was kept: a unit of work's claim that nobody sought
        /// (see `UnitOfWork.publishClaimed`).
        case claimEnded
    }

    /// The blocking driver: gets the instance, building it when this resolver claims it and
    /// blocking (bounded) while another builds it.
    ///
    /// - Parameters:
    ///   - isClaimed: Whether this resolver holds the claim already (a unit of work's slot,
    ///     claimed as it was made): it builds at once.
    ///   - path: The resolver's path so far, for errors.
    ///   - isKept: Whether an instance is kept now (see ``claim(isCached:path:awaitsWhileBuilding:)``).
    ///   - read: The kept instance; throws ``Vanished`` when it went away between the claim and
    ///     the read (a weak instance, a released singleton), and a new claim follows. A typed
    ///     throw rather than a `Service?`, whose metadata unspecialised code would look up.
    ///   - build: Builds the instance, outside any lock.
    ///   - keep: Keeps what `build` built where later claims find it, or throws why it cannot (the
    ///     build then fails with that error).
    @inline(__always)
    func obtain<Service>(
        isClaimed: Bool = false,
        path: @autoclosure () -> [String],
        isKept: () -> Bool,
        read: () throws(Vanished) -> Service,
        build: () throws -> Service,
        keep: (Service) throws -> Kept
    ) throws -> Service {
        var step = isClaimed ? Step.build : try claim(isCached: isKept, path: path())
        while true {
            switch step {
            case .read:
                do throws(Vanished) { return try read() } catch {}
            case .build:
                do {
                    let built = try build()
                    if try keep(built) == .claimOpen { succeed() }
                    return built
                } catch {
                    fail(error)
                    throw error
                }
            case .wait(let ticket):
                try wait(ticket: ticket, path: path())
            }
            step = try claim(isCached: isKept, path: path())
        }
    }

    /// The suspending driver: as ``obtain(isClaimed:path:isKept:read:build:keep:)``, but a task
    /// that waits for another's build suspends.
    ///
    /// - Parameter awaitsWhileBuilding: Whether `build` awaits (see ``claim(isCached:path:awaitsWhileBuilding:)``).
    nonisolated(nonsending) func obtain<Service>(
        path: @autoclosure () -> [String],
        awaitsWhileBuilding: Bool,
        isKept: () -> Bool,
        read: () throws(Vanished) -> Service,
        build: nonisolated(nonsending) () async throws -> Service,
        keep: (Service) throws -> Kept
    ) async throws -> Service {
        while true {
            switch try claim(isCached: isKept, path: path(), awaitsWhileBuilding: awaitsWhileBuilding) {
            case .read:
                do throws(Vanished) { return try read() } catch {}
            case .build:
                do {
                    let built = try await build()
                    if try keep(built) == .claimOpen { succeed() }
                    return built
                } catch {
                    fail(error)
                    throw error
                }
            case .wait(let ticket):
                try await suspend(ticket: ticket)
            }
        }
    }
}
