extension DependencyContainer {
    /// Runs `body` in a new unit of work, then ends the unit: its ``LifecycleType/unitOfWork``
    /// instances are torn down, newest first, whether `body` returned, threw or was cancelled.
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
    /// - Throws: What `body` throws (the unit is ended first); otherwise a
    ///   ``DependencyShutdownError`` naming each type whose teardown threw. Every teardown runs.
    public func withUnitOfWork<Result>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: (UnitOfWork) async throws -> Result
    ) async throws -> Result {
        let unit = UnitOfWork(container: self, parent: UnitOfWork.current)
        let result: Result
        do {
            result = try await UnitOfWork.$current.withValue(
                unit, operation: { try await body(unit) }, isolation: isolation)
        } catch {
            // Ended before the error goes on: a failed request still closes its transaction. The
            // body's error is the one the caller sees; teardown failures that come with it are
            // not lost only if the body succeeded.
            _ = await unit.end()
            throw error
        }
        let failures = await unit.end()
        if !failures.isEmpty {
            throw DependencyShutdownError(failures: failures, endingUnit: unit)
        }
        return result
    }
}
