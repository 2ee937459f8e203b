/// Which cached registrations are being built, by whom, and who waits for them: the process-wide
/// bookkeeping that lets builds run in parallel while each registration is built exactly once.
///
/// Every singleton, eager singleton and weak instance is built by one resolver (a thread, or a
/// task) at a time: the first to *claim* the registration. A resolver that needs a registration
/// another is building waits for that build only: a thread blocks on a condition variable, a task
/// suspends. Builds of different registrations never wait for each other, and no lock here is
/// held while a factory runs.
///
/// Waiting is where deadlocks would come from, so every wait is checked first against the
/// wait-for graph: the edges "resolver R waits for registration X" and "X is built by resolver S".
/// A wait that would close a loop (S, directly or through other waits, waits for something R is
/// building) is a cycle between factories: the claim says so instead of waiting, and the resolver
/// throws. Recording the edge and checking for the loop happen under one lock, so two resolvers
/// closing a loop from both ends at once cannot both miss it. The registry is process-wide so that
/// loops across roots are found too.
///
/// A wait that Relay cannot see (a factory blocked on a semaphore that another thread would signal
/// after resolving the very registration the factory builds) is not in the graph: a thread's wait
/// for it is bounded by the root's ``DependencyContainer/constructionWaitLimit``.
final class ConstructionRegistry: @unchecked Sendable {
    // Safety: `waits`, `suspended`, `nextWaiter`, `blockedThreads`, and the construction fields of every registration
    // (`builder`, `endedBuilds`, `lastOutcome`) are read and written only while `mutex` is held.

    static let shared = ConstructionRegistry()

    private let mutex = PthreadMutex()
    private let condition = PthreadCondition()

    /// The wait-for graph's edges out of each waiting resolver: what it waits for. A task with child
    /// tasks waits through each of them, so a resolver may wait for several registrations.
    private var waits: [ResolverID: [Unmanaged<AnyRegistration>]] = [:]

    /// The tasks suspended until a registration's current build ends, by registration.
    private var suspended: [ObjectIdentifier: [SuspendedWaiter]] = [:]
    private var nextWaiter = 0

    /// The threads blocked in ``wait(for:ticket:by:until:)``, which a finished build must wake.
    private var blockedThreads = 0

    private struct SuspendedWaiter {
        let id: Int
        let continuation: UnsafeContinuation<BuildOutcome?, Never>
    }

    /// What a resolver is to do about a registration it needs.
    enum Claim {
        /// Its instance is cached: read it.
        case cached
        /// Nobody builds it: the claimer does, and must call ``finish(_:with:)`` however it ends.
        case build
        /// Another resolver builds it: wait for the end of build number `ticket`. The wait is
        /// recorded; the waiter must end it with ``wait(for:ticket:by:until:)`` or ``suspend(for:ticket:by:)``.
        case wait(ticket: UInt)
        /// Waiting would close a loop of resolvers waiting for each other: a cycle.
        case cycle
    }

    /// Decides, atomically, whether `resolver` builds `registration`, waits for another's build, or
    /// finds it cached.
    ///
    /// - Parameters:
    ///   - registration: A cached registration.
    ///   - resolver: Who asks.
    ///   - isCached: Whether an instance is cached now; called with the registry locked, and it
    ///     must take nothing but the table's read lock.
    func claim(_ registration: AnyRegistration, by resolver: ResolverID, isCached: () -> Bool) -> Claim {
        mutex.withLock {
            if let builder = registration.builder {
                if builder == resolver || waitWouldCycle(resolver, waitingFor: registration) {
                    return .cycle
                }
                waits[resolver, default: []].append(.passUnretained(registration))
                return .wait(ticket: registration.endedBuilds)
            }
            if isCached() { return .cached }
            registration.builder = resolver
            return .build
        }
    }

    /// Ends a build claimed with ``claim(_:by:isCached:)``, and wakes everyone waiting for it.
    func finish(_ registration: AnyRegistration, with outcome: BuildOutcome) {
        let resumed = mutex.withLock {
            registration.builder = nil
            registration.endedBuilds &+= 1
            registration.lastOutcome = outcome
            // Nobody waits for almost every build: skip the system call and the hashing then.
            if blockedThreads > 0 {
                condition.broadcast()
            }
            return suspended.isEmpty ? [] : suspended.removeValue(forKey: ObjectIdentifier(registration)) ?? []
        }
        // Resumed after unlocking: a resumed task may run at once and claim again.
        for waiter in resumed {
            waiter.continuation.resume(returning: outcome)
        }
    }

    /// Blocks the calling thread until build number `ticket` of `registration` ends, or `deadline`
    /// passes (`nil`).
    func wait(
        for registration: AnyRegistration,
        ticket: UInt,
        by resolver: ResolverID,
        until deadline: PthreadCondition.Deadline
    ) -> BuildOutcome? {
        mutex.withLock {
            defer { removeWait(of: resolver, for: registration) }
            blockedThreads += 1
            defer { blockedThreads -= 1 }
            while registration.endedBuilds == ticket {
                if !condition.wait(releasing: mutex, until: deadline), registration.endedBuilds == ticket {
                    return nil
                }
            }
            return registration.lastOutcome
        }
    }

    /// Suspends the calling task until build number `ticket` of `registration` ends; returns `nil`
    /// at once when the task is (or gets) cancelled, leaving the build to run on.
    func suspend(for registration: AnyRegistration, ticket: UInt, by resolver: ResolverID) async -> BuildOutcome? {
        let id = mutex.withLock {
            nextWaiter &+= 1
            return nextWaiter
        }
        let key = ObjectIdentifier(registration)
        let outcome = await withTaskCancellationHandler {
            await withUnsafeContinuation { (continuation: UnsafeContinuation<BuildOutcome?, Never>) in
                let resumeNow: BuildOutcome?? = mutex.withLock {
                    if registration.endedBuilds != ticket { return .some(registration.lastOutcome) }
                    if Task.isCancelled { return .some(nil) }
                    suspended[key, default: []].append(SuspendedWaiter(id: id, continuation: continuation))
                    return .none
                }
                if let resumeNow { continuation.resume(returning: resumeNow) }
            }
        } onCancel: {
            let cancelled = mutex.withLock { () -> SuspendedWaiter? in
                guard let index = suspended[key]?.firstIndex(where: { $0.id == id }) else { return nil }
                return suspended[key]?.remove(at: index)
            }
            cancelled?.continuation.resume(returning: nil)
        }
        mutex.withLock { removeWait(of: resolver, for: registration) }
        return outcome
    }

    // MARK: - The wait-for graph (call with the mutex held)

    /// Whether `resolver` waiting for `registration` would close a loop: its builder waits,
    /// directly or through other builders, for something `resolver` builds.
    private func waitWouldCycle(_ resolver: ResolverID, waitingFor registration: AnyRegistration) -> Bool {
        var builders = registration.builder.map { [$0] } ?? []
        var seen: Set<ResolverID> = []
        while let builder = builders.popLast() {
            if builder == resolver { return true }
            guard seen.insert(builder).inserted else { continue }
            for awaited in waits[builder] ?? [] {
                if let next = awaited._withUnsafeGuaranteedRef({ $0.builder }) {
                    builders.append(next)
                }
            }
        }
        return false
    }

    private func removeWait(of resolver: ResolverID, for registration: AnyRegistration) {
        guard var edges = waits[resolver],
            let index = edges.firstIndex(where: { $0.toOpaque() == Unmanaged.passUnretained(registration).toOpaque() })
        else { return }
        edges.remove(at: index)
        waits[resolver] = edges.isEmpty ? nil : edges
    }
}
