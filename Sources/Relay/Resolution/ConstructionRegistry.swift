/// Which constructions are being built, by whom, and who waits for them: the process-wide
/// bookkeeping that lets builds run in parallel while each is built exactly once.
///
/// Every ``Construction`` (a singleton, eager singleton or weak instance; the first read of a
/// ``Lazy`` or an ``Injected`` property) is built by one resolver (a thread, or a task) at a time:
/// the first to *claim* it. A resolver that needs a construction another is building waits for
/// that build only: a thread blocks on a condition variable, a task suspends. Builds of different
/// constructions never wait for each other, and no lock here is held while a factory runs.
///
/// Waiting is where deadlocks would come from, so every wait is checked first against the
/// wait-for graph, whose edges are "resolver R waits for construction X", "X is built by resolver
/// S", and "task P awaits its child task C" (a child task resolving inside a factory, through
/// `async let` or a task group, waits on behalf of the task that runs the factory). A wait that
/// would close a loop is a cycle between factories: the claim says so, with the loop, instead of
/// waiting, and the resolver throws. Recording the edges and checking for the loop happen under
/// one lock, so two resolvers closing a loop from both ends at once cannot both miss it. The
/// registry is process-wide so that loops across roots are found too.
///
/// A wait that Relay cannot see (a factory blocked on a semaphore that another thread would signal
/// after resolving the very construction the factory builds) is not in the graph: a thread's wait
/// for it is bounded by the root's ``DependencyContainer/constructionWaitLimit``.
final class ConstructionRegistry: @unchecked Sendable {
    // Safety: `waits`, `children`, `suspended`, `nextWaiter` and `blockedThreads` are read and
    // written only while `lock` is held; so is the state of every construction, but for a unit
    // slot not yet published (see `Construction` and `claimUnpublished`).

    static let shared = ConstructionRegistry()

    private let lock = ConditionLock()

    /// The wait-for graph's edges out of each waiting resolver: what it waits for.
    ///
    /// Unretained: an edge lives from `claim` answering `.wait` until that resolver's `wait`,
    /// `suspend` or `abandonWait` removes it (under `lock`), and all that while the resolver's
    /// caller holds the construction, so `loop` may follow another resolver's edge.
    private var waits: [ResolverID: [Unmanaged<Construction>]] = [:]

    /// The graph's edges from a task running a factory to its child tasks that wait or build on its
    /// behalf, once per wait or build.
    private var children: [ResolverID: [ResolverID]] = [:]

    /// The tasks suspended until a construction's current build ends, by construction.
    private var suspended: [ObjectIdentifier: [SuspendedWaiter]] = [:]
    private var nextWaiter = 0

    /// The threads blocked in ``wait(for:ticket:by:until:)``, which a finished build must wake.
    private var blockedThreads = 0

    private struct SuspendedWaiter {
        let id: Int
        let continuation: UnsafeContinuation<BuildOutcome?, Never>
    }

    /// Who claims: the resolver, and for a child task inside a factory, the task it waits for.
    typealias Resolver = (id: ResolverID, parent: ResolverID?)

    /// What a resolver is to do about a construction it needs.
    enum Claim {
        /// Its instance is kept: read it.
        case cached
        /// Nobody builds it: the claimer does, and must call ``finish(_:with:)`` however
        /// it ends.
        case build
        /// Another resolver builds it: wait for the end of build number `ticket`. The wait is
        /// recorded; the waiter must end it with ``wait(for:ticket:by:until:)`` or
        /// ``suspend(for:ticket:by:)``.
        case wait(ticket: UInt)
        /// Waiting would close a loop of resolvers waiting for each other. `loop` is the chain of
        /// what would be waited for, from the construction asked for to the one the claimer (or the
        /// task it runs inside) is building, as a path shows them; `places` names each step's
        /// container when the loop spans several, `nil` otherwise.
        case cycle(loop: [String], places: [String]?)
    }

    /// Decides, atomically, whether `resolver` builds `construction`, waits for another's build, or
    /// finds it kept.
    ///
    /// - Parameters:
    ///   - construction: What is needed.
    ///   - resolver: Who asks.
    ///   - container: Where a build would run, for naming it in a cycle.
    ///   - isCached: Whether an instance is kept now; called with the registry locked, and it may
    ///     take nothing but the lock of the construction's own storage.
    func claim(
        _ construction: Construction,
        by resolver: Resolver,
        in container: DependencyContainer,
        awaitsWhileBuilding: Bool = false,
        isCached: () -> Bool
    ) -> Claim {
        lock.withLock {
            if construction.builder != nil {
                addWait(of: resolver, for: construction)
                if let loop = loop(closedBy: resolver.id, waitingFor: construction) {
                    removeWait(of: resolver, for: construction)
                    return .cycle(loop: loop.map(\.key.description), places: places(of: loop))
                }
                return .wait(ticket: construction.endedBuilds)
            }
            if isCached() { return .cached }
            construction.builder = resolver.id
            construction.builderParent = resolver.parent
            construction.builtIn = container
            construction.buildAwaits = awaitsWhileBuilding
            if let parent = resolver.parent { children[parent, default: []].append(resolver.id) }
            return .build
        }
    }

    /// Whether build number `ticket` of `construction` is still running and awaits (see
    /// `Construction.buildAwaits`).
    func isAwaitingBuild(_ construction: Construction, ticket: UInt) -> Bool {
        lock.withLock { construction.builder != nil && construction.endedBuilds == ticket && construction.buildAwaits }
    }

    /// Claims a construction that no other resolver can reach yet, for `resolver` to build,
    /// without taking the registry's lock: a unit of work's slot, claimed as it is made, under the
    /// unit's lock that then publishes it (so whoever finds the slot, under that lock, sees the
    /// claim before its first claim here). End the build with ``finish(_:with:)`` as any other.
    ///
    /// Only for a resolver with no parent: a child task's build is also an edge of the graph,
    /// which only the locked ``claim(_:by:in:isCached:)`` records.
    ///
    /// - Returns: Whether it is claimed; `false` for a child task, which claims the usual way.
    static func claimUnpublished(
        _ construction: Construction,
        by resolver: Resolver,
        in container: DependencyContainer
    ) -> Bool {
        guard resolver.parent == nil else { return false }
        assert(construction.builder == nil && construction.endedBuilds == 0, "a published construction")
        construction.builder = resolver.id
        construction.builtIn = container
        return true
    }

    /// Ends a build claimed with ``claimUnpublished(_:by:in:)`` that no other resolver has sought,
    /// without taking the registry's lock: call under the lock that publishes the construction's
    /// instance, the one every resolver finds the construction under, so that none can find it
    /// unbuilt any more, and none ever saw the claim.
    static func endUnsoughtClaim(_ construction: Construction) {
        construction.builder = nil
        construction.builtIn = nil
        construction.endedBuilds &+= 1
    }

    /// Ends a build claimed with ``claim(_:by:in:isCached:)``, and wakes everyone waiting for it.
    func finish(_ construction: Construction, with outcome: BuildOutcome) {
        // Filled under the lock, resumed after it: a resumed task may run at once and claim again.
        // (A local rather than the lock's result: the result would be a generic value, which an
        // unspecialised call pays for with a runtime metadata lookup on every build.)
        var resumed: [SuspendedWaiter] = []
        lock.withLock {
            if let parent = construction.builderParent, let builder = construction.builder {
                removeChild(builder, of: parent)
            }
            construction.builder = nil
            construction.builderParent = nil
            construction.builtIn = nil
            construction.endedBuilds &+= 1
            construction.lastOutcome = outcome
            // Nobody waits for almost every build: skip the system call and the hashing then.
            if blockedThreads > 0 {
                lock.broadcast()
            }
            if !suspended.isEmpty {
                resumed = suspended.removeValue(forKey: ObjectIdentifier(construction)) ?? []
            }
        }
        for waiter in resumed {
            waiter.continuation.resume(returning: outcome)
        }
    }

    /// Blocks the calling thread until build number `ticket` of `construction` ends, or `deadline`
    /// passes (`nil`).
    func wait(
        for construction: Construction,
        ticket: UInt,
        by resolver: Resolver,
        until deadline: PthreadCondition.Deadline
    ) -> BuildOutcome? {
        lock.withLock {
            defer { removeWait(of: resolver, for: construction) }
            blockedThreads += 1
            defer { blockedThreads -= 1 }
            while construction.endedBuilds == ticket {
                if !lock.wait(until: deadline), construction.endedBuilds == ticket {
                    return nil
                }
            }
            return construction.lastOutcome
        }
    }

    /// Drops a wait recorded by a claim that the claimer will not wait for after all.
    func abandonWait(of resolver: Resolver, for construction: Construction) {
        lock.withLock { removeWait(of: resolver, for: construction) }
    }

    /// Suspends the calling task until build number `ticket` of `construction` ends; returns `nil`
    /// at once when the task is (or gets) cancelled, leaving the build to run on.
    nonisolated(nonsending) func suspend(for construction: Construction, ticket: UInt, by resolver: Resolver) async
        -> BuildOutcome?
    {
        let id = lock.withLock {
            nextWaiter &+= 1
            return nextWaiter
        }
        let key = ObjectIdentifier(construction)
        let outcome = await withTaskCancellationHandler {
            await withUnsafeContinuation { (continuation: UnsafeContinuation<BuildOutcome?, Never>) in
                let resumeNow: BuildOutcome?? = lock.withLock {
                    if construction.endedBuilds != ticket { return .some(construction.lastOutcome) }
                    if Task.isCancelled { return .some(nil) }
                    suspended[key, default: []].append(SuspendedWaiter(id: id, continuation: continuation))
                    return .none
                }
                if let resumeNow { continuation.resume(returning: resumeNow) }
            }
        } onCancel: {
            let cancelled = lock.withLock { () -> SuspendedWaiter? in
                guard let index = suspended[key]?.firstIndex(where: { $0.id == id }) else { return nil }
                return suspended[key]?.remove(at: index)
            }
            cancelled?.continuation.resume(returning: nil)
        }
        lock.withLock { removeWait(of: resolver, for: construction) }
        return outcome
    }

    // MARK: - The wait-for graph (call with the lock held)

    /// The loop that `resolver` waiting for `construction` would close, if any: the chain from
    /// `construction` through what each builder waits for (and what its child tasks wait for) back
    /// to something `resolver` builds. Call after recording the wait.
    private func loop(closedBy resolver: ResolverID, waitingFor construction: Construction) -> [Construction]? {
        guard let firstBuilder = construction.builder else { return nil }
        var pending: [(builder: ResolverID, chain: [Construction])] = [(firstBuilder, [construction])]
        var seen: Set<ResolverID> = []
        while let (builder, chain) = pending.popLast() {
            if builder == resolver { return chain }
            guard seen.insert(builder).inserted else { continue }
            for awaited in waits[builder] ?? [] {
                let next = awaited.takeUnretainedValue()
                if let nextBuilder = next.builder {
                    pending.append((nextBuilder, chain + [next]))
                }
            }
            for child in children[builder] ?? [] {
                pending.append((child, chain))
            }
        }
        return nil
    }

    /// Each step of a loop with its container (`A in root #2`), when the loop spans several
    /// containers; `nil` when it stays in one.
    private func places(of loop: [Construction]) -> [String]? {
        let places = loop.map { $0.builtIn?.placeDescription ?? "" }
        guard Set(places).count > 1 else { return nil }
        return zip(loop, places).map { "\($0.key.description) in \($1)" }
    }

    private func addWait(of resolver: Resolver, for construction: Construction) {
        waits[resolver.id, default: []].append(.passUnretained(construction))
        if let parent = resolver.parent { children[parent, default: []].append(resolver.id) }
    }

    private func removeWait(of resolver: Resolver, for construction: Construction) {
        if let parent = resolver.parent { removeChild(resolver.id, of: parent) }
        guard var edges = waits[resolver.id],
            let index = edges.firstIndex(where: { $0.toOpaque() == Unmanaged.passUnretained(construction).toOpaque() })
        else { return }
        edges.remove(at: index)
        waits[resolver.id] = edges.isEmpty ? nil : edges
    }

    private func removeChild(_ child: ResolverID, of parent: ResolverID) {
        guard var edges = children[parent], let index = edges.firstIndex(of: child) else { return }
        edges.remove(at: index)
        children[parent] = edges.isEmpty ? nil : edges
    }
}
