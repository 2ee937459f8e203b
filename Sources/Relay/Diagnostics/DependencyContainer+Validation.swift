extension DependencyContainer {
    /// Builds every registration of this container (for a root, also of its scopes) in a
    /// throwaway override, awaiting async factories, and reports every failure at once.
    ///
    /// Missing dependencies, cycles and factory errors are all found, each with its resolution
    /// path, and so is a factory that resolves other than its registration declares for
    /// ``check()`` (``DependencyResolutionError/Code/declarationMismatch``). The real singletons are not touched: what validation builds is dropped afterwards. A
    /// one-line test then catches a broken graph before any request does:
    ///
    /// ```swift
    /// @Test func theGraphIsComplete() async throws {
    ///     try DefaultDependencyRegistry().registerDependencies()
    ///     try await DependencyContainer.global.validate()
    /// }
    /// ```
    ///
    /// Factories run for real, so a factory with side effects (opening a connection) has them,
    /// and what they built is torn down before `validate()` returns: its unit-of-work instances
    /// (and the transients with a teardown they resolved) as their unit ends, then the singletons
    /// it built, newest first. A teardown that throws is a failure of the validation.
    /// A registration that takes runtime arguments is not built, since validation has no arguments
    /// to pass; a factory that resolves it with arguments builds it, and is checked, as usual.
    ///
    /// - Throws: ``DependencyGraphError`` with code `validationFailed`, listing every failure,
    ///   teardowns that threw included.
    nonisolated(nonsending) public func validate() async throws {
        // Recording: what the factories resolve is compared with what they declare.
        let exploration = await Exploration.run(over: self, recording: true)
        if !exploration.failures.isEmpty || !exploration.teardownFailures.isEmpty {
            throw DependencyGraphError(
                code: .validationFailed, failures: exploration.failures,
                teardownFailures: exploration.teardownFailures)
        }
    }

    /// Builds every registration in a throwaway override, from synchronous code, and reports every
    /// failure at once; see ``validate()``.
    ///
    /// ```swift
    /// func testTheGraphIsComplete() throws {
    ///     try DependencyContainer.global.validateSynchronously()
    /// }
    /// ```
    ///
    /// It cannot run async factories: it reports each async registration it meets with code
    /// ``DependencyResolutionError/Code/asyncFactory``. Nor can it await teardowns: what it built is
    /// torn down at once in a task the container tracks, which ``shutdown()`` awaits; a teardown
    /// that throws reaches the observers of ``addTeardownFailureObserver(_:)`` and the next
    /// `shutdown()`. Not an overload of `validate()` on purpose: in top-level code Swift would pick
    /// it even under `await`.
    ///
    /// - Throws: ``DependencyGraphError`` with code `validationFailed`, listing every failure.
    public func validateSynchronously() throws {
        let exploration = Exploration.runSynchronously(over: self, recording: true)
        if !exploration.failures.isEmpty {
            throw DependencyGraphError(code: .validationFailed, failures: exploration.failures, teardownFailures: [])
        }
    }

    /// The registrations of this container (for a root, also of its scopes) and the dependencies
    /// between them, found by building each (awaiting async factories) in a throwaway override as
    /// ``validate()`` does.
    ///
    /// A registration that takes runtime arguments is a node with its ``DependencyGraph/Node/arguments``,
    /// not built on its own: its edges are those seen when another factory resolves it with arguments.
    ///
    /// - Returns: The graph, with the messages of registrations that could not be built.
    nonisolated(nonsending) public func dependencyGraph() async -> DependencyGraph {
        await Exploration.run(over: self, recording: true).graph(of: self)
    }

    /// The registrations and the dependencies between them, found from synchronous code; see
    /// ``dependencyGraph()``.
    ///
    /// It cannot run async factories, so it finds no edges out of an async registration and lists
    /// it among the failures; what it built is torn down as ``validateSynchronously()`` does. Not an overload of `dependencyGraph()` on purpose: in top-level code
    /// Swift would pick it even under `await`.
    ///
    /// - Returns: The graph, with the messages of registrations that could not be built.
    public func dependencyGraphSynchronously() -> DependencyGraph {
        Exploration.runSynchronously(over: self, recording: true).graph(of: self)
    }
}
