extension DependencyContainer {
    /// Sets (or, with `nil`, removes) the observer that every resolution in the process reports to.
    ///
    /// It sees each `resolve` call: what was asked for, in which scope, built or cached, how long
    /// it took, and how deep in a chain of factories. Switch it on at run time to see why a
    /// request is slow or which factory built what:
    ///
    /// ```swift
    /// DependencyContainer.observeResolutions { event in print(event) }
    /// // BookStore in global: built in 41 µs (depth 0)
    /// ```
    ///
    /// The observer runs on the resolving thread, after the resolve, with no lock held. While no
    /// observer is set, resolution does not look for one beyond a single atomic load. While one is
    /// set, every resolve in the process measures and reports: for a test, which must not change
    /// how other tests resolve, scope an observer to its task with
    /// ``withResolutionObserver(_:isolation:operation:)`` instead.
    ///
    /// - Parameter observer: Receives every event; `nil` stops observing.
    public static func observeResolutions(_ observer: (@Sendable (ResolutionEvent) -> Void)?) {
        ResolutionObservation.shared.setProcessWide(observer)
    }

    /// Runs `operation` with an observer of the resolves it makes, and those of its child tasks:
    /// a test's view of what its code resolved, which resolves elsewhere in the process (another
    /// test's, running in parallel) never reach.
    ///
    /// ```swift
    /// let (events, seen) = AsyncStream.makeStream(of: ResolutionEvent.self)
    /// let store = try await DependencyContainer.withResolutionObserver { event in
    ///     seen.yield(event)
    /// } operation: {
    ///     try await DependencyContainer.global.resolve(BookStore.self)
    /// }
    /// seen.finish()
    /// for await event in events { print(event) }   // BookStore in global: built in 38 µs (depth 0)
    /// ```
    ///
    /// The observer sees what a process-wide observer (``observeResolutions(_:)``) would see of
    /// those resolves, in the same order, on the resolving thread, after each resolve; both see
    /// them when both are set. An unstructured `Task { }` started inside inherits the observer, as
    /// it inherits every task-local value; a detached task or another thread does not.
    ///
    /// - Parameters:
    ///   - observer: Receives every event of the operation's resolves.
    ///   - isolation: Where `operation` runs: the caller's actor, by default.
    ///   - operation: The work to observe.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    public static func withResolutionObserver<Result>(
        _ observer: @escaping @Sendable (ResolutionEvent) -> Void,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        try await SlowPathGate.whileOpen {
            try await ResolutionObservation.$scoped.withValue(observer, operation: operation, isolation: isolation)
        }
    }

    /// Runs synchronous `operation` with an observer of the resolves it makes; see
    /// ``withResolutionObserver(_:isolation:operation:)``.
    ///
    /// - Parameters:
    ///   - observer: Receives every event of the operation's resolves.
    ///   - operation: The work to observe.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    public static func withResolutionObserver<Result>(
        _ observer: @escaping @Sendable (ResolutionEvent) -> Void,
        operation: () throws -> Result
    ) rethrows -> Result {
        try SlowPathGate.whileOpen { try ResolutionObservation.$scoped.withValue(observer, operation: operation) }
    }
}
