/// Endings that nobody awaits where they start (a unit of work dropped without being closed, a late
/// instance whose resolve cannot await, what synchronous validation built), run in tasks of their
/// own and tracked here: ``DependencyContainer/shutdown()`` awaits every one still running, and
/// reports the failures that no caller was left to receive.
///
/// A failure goes to whoever can answer it: the `report` the ending was started with (a request's
/// logger), or else every observer of the family
/// (``DependencyContainer/addTeardownFailureObserver(_:)``) and the next `shutdown()`'s error.
final class BackgroundEndings: Sendable {
    private struct State {
        /// Endings started and not finished.
        var running = 0
        /// Tasks in `awaitAll()`, resumed when `running` reaches zero.
        var waiters: [CheckedContinuation<Void, Never>] = []
        /// Failures nobody has received yet, for the next shutdown.
        var unanswered: [DependencyShutdownError.Failure] = []
        /// Each told of every failure nobody else received, in the order they were added.
        var observers: [(id: TeardownFailureObserverID, observe: @Sendable (DependencyShutdownError) -> Void)] = []
    }

    private let state = LockedValue(State())

    /// Adds an observer of failures nobody else receives, beside the others.
    func addObserver(_ observer: @escaping @Sendable (DependencyShutdownError) -> Void) -> TeardownFailureObserverID {
        let id = TeardownFailureObserverID.next()
        state.withLockedValue { $0.observers.append((id, observer)) }
        return id
    }

    /// Removes the observer `id` names; nothing when it names none of this family's.
    func removeObserver(_ id: TeardownFailureObserverID) {
        state.withLockedValue { $0.observers.removeAll { $0.id == id } }
    }

    /// Starts `ending` in a task of its own, at once.
    ///
    /// - Parameters:
    ///   - ending: Runs the teardowns; returns their failures as an error, `nil` when none threw.
    ///   - report: Who receives a failure; `nil` for the observer and the next shutdown.
    func start(
        _ ending: @escaping @Sendable () async -> DependencyShutdownError?,
        reportingTo report: (@Sendable (DependencyShutdownError) -> Void)? = nil
    ) {
        state.withLockedValue { $0.running += 1 }
        // Detached: a deinit or a synchronous resolve starts it, and neither's task-locals (a
        // resolution path, a unit) belong to the teardowns; nothing cancels it.
        Task.detached { [self] in
            if let failure = await ending() {
                if let report { report(failure) } else { receive(failure) }
            }
            let waiters = state.withLockedValue { state in
                state.running -= 1
                guard state.running == 0 else { return [CheckedContinuation<Void, Never>]() }
                defer { state.waiters = [] }
                return state.waiters
            }
            for waiter in waiters { waiter.resume() }
        }
    }

    /// Takes a failure that no caller can receive: kept for the next shutdown, and handed to every
    /// observer (outside the lock: user code).
    func receive(_ failure: DependencyShutdownError) {
        let observers = state.withLockedValue { state in
            state.unanswered += failure.failures
            return state.observers
        }
        for observer in observers { observer.observe(failure) }
    }

    /// Waits, suspending, until no ending runs, and takes the failures nobody has received.
    nonisolated(nonsending) func awaitAll() async -> [DependencyShutdownError.Failure] {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let isIdle = state.withLockedValue { state in
                if state.running == 0 { return true }
                state.waiters.append(waiter)
                return false
            }
            if isIdle { waiter.resume() }
        }
        return state.withLockedValue { state in
            defer { state.unanswered = [] }
            return state.unanswered
        }
    }
}
