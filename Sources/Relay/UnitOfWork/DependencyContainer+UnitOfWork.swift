extension DependencyContainer {
    /// Runs `body` in a new unit of work, then ends the unit: its ``LifecycleType/unitOfWork``
    /// instances (and the transients with a teardown it resolved) are torn down, newest first,
    /// whether `body` returned, threw or was cancelled. The teardowns run to the end even when the
    /// task is cancelled: they are not cancelled with the work they clean up.
    ///
    /// ```swift
    /// let receipt = try await container.withUnitOfWork { unit in
    ///     try await unit.resolve(CheckoutService.self).checkout(cart)
    /// }
    /// ```
    ///
    /// Every resolve in `body`'s task and its child tasks (`async let`, task groups) is in the unit.
    /// A unit opened inside another nests: it has instances of its own. Work that outlives `body`
    /// (a `Task { }` it started) and resolves a unit-of-work registration afterwards gets
    /// ``DependencyResolutionError/Code/unitOfWorkEnded``.
    ///
    /// - Parameters:
    ///   - isolation: Where `body` runs: the caller's actor, by default.
    ///   - body: The unit's work; it receives the unit.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws (the unit is ended first); a ``DependencyShutdownError`` naming
    ///   each type whose teardown threw, when `body` returned; when both failed, the
    ///   ``DependencyShutdownError``, whose ``DependencyShutdownError/workError`` is what `body`
    ///   threw. Every teardown runs.
    @inlinable
    public func withUnitOfWork<Result>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: (UnitOfWork) async throws -> Result
    ) async throws -> Result {
        // Inlinable, with `run`: in the caller, where the isolation is known, the compiler drops
        // the executor switch that a call of a function with an isolated parameter makes (measured:
        // a third of opening and closing a unit).
        let unit = openUnitOfWork()
        let result: Result
        do {
            result = try await unit.run(isolation: isolation) { try await body(unit) }
        } catch {
            // Ended before the error goes on: a failed request still closes its transaction. The
            // body's error is the one the caller sees, unless a teardown threw too: then an error
            // that carries both.
            throw await unit.close(after: error)
        }
        try await unit.close()
        return result
    }

    /// Opens a unit of work that ends when ``UnitOfWork/close()`` is called, not when a closure
    /// returns: for a framework whose unit outlives the code that opens it, such as an HTTP
    /// response whose body is written after its handler returned.
    ///
    /// Prefer ``withUnitOfWork(isolation:_:)``, which cannot forget to close the unit. Work runs in
    /// the unit through ``UnitOfWork/run(isolation:_:)`` or `UnitOfWork.resolve(_:name:)`; a
    /// unit opened inside another (in its `run`) nests in it.
    ///
    /// A unit that is never closed still has its teardowns run: when the last reference to it goes
    /// away, in a task the container tracks (``shutdown()`` awaits it; a failure reaches the
    /// observers of ``addTeardownFailureObserver(_:)``); and ``shutdown()`` ends every unit still
    /// open.
    ///
    /// ```swift
    /// let unit = container.openUnitOfWork()
    /// let response = try await unit.run { try await handle(request) }
    /// // ... write the response's body, which may resolve from the unit ...
    /// try await unit.close()
    /// ```
    ///
    /// - Returns: The open unit.
    public func openUnitOfWork() -> UnitOfWork {
        UnitOfWork(container: self, parent: UnitOfWork.currentUnretained?.takeUnretainedValue())
    }
}
