extension DependencyContainer {
    /// Checks the registrations of this container (for a root, also of its scopes) and the
    /// dependencies they declare, without calling a factory, and reports every problem at once.
    ///
    /// Registrations by initializer (`register(Shelf.self, initializer: Shelf.init)`) declare their
    /// parameters; a factory written as a closure declares what it resolves with
    /// ``RegisteredService/dependsOn(_:)``. Nothing runs, so a unit test can check a whole program's
    /// graph without the world its factories need (a database, a network), in milliseconds:
    ///
    /// ```swift
    /// @Test func theGraphIsSound() throws {
    ///     let container = DependencyContainer()
    ///     try container.apply(DefaultModule())
    ///     let check = try container.check()
    ///     #expect(check.unchecked.isEmpty)
    /// }
    /// ```
    ///
    /// It finds, each with its path and a fix: a declared dependency nothing registers (looked up
    /// as a resolve from the registration's container would: the container, then its root), a loop
    /// of dependencies built together, a singleton (eager or weak) that would hold a `.unitOfWork`
    /// instance or a `.transient` one with a teardown, a synchronous factory depending on an async
    /// one, and a dependency by type on a type registered only with runtime arguments. A dependency
    /// declared `Lazy<T>` or `Provider<T>` must be registered but closes no loop and captures
    /// nothing; one declared `T?` may be missing. Registrations that declare nothing are listed in
    /// the result's ``DependencyCheck/unchecked``, never guessed at.
    ///
    /// Use `check()` for the shape of the graph, at every build; use ``validate()`` to run the
    /// factories themselves (their errors, their side effects, a declared type the factory does not
    /// resolve), where the world they need is at hand. Under an override active in the calling task
    /// (`withOverrides`, the isolation traits), it checks what a resolve there would find: the
    /// override's registrations first, then the container's own that the override does not replace.
    ///
    /// - Returns: What was checked and what could not be.
    /// - Throws: ``DependencyCheckError`` listing every problem, with what was checked.
    @discardableResult
    public func check() throws(DependencyCheckError) -> DependencyCheck {
        let check = GraphCheck(over: self)
        guard check.problems.isEmpty else {
            throw DependencyCheckError(problems: check.problems, check: check.report)
        }
        return check.report
    }

    /// The registrations of this container (for a root, also of its scopes) and the dependencies
    /// they declare, without calling a factory: the graph ``check()`` checks. A problem it finds is
    /// one of the graph's ``DependencyGraph/failures``.
    ///
    /// ``dependencyGraph()`` builds every registration and shows the dependencies its factories
    /// resolved; this one shows what they declare, at once and with nothing built.
    ///
    /// ```swift
    /// print(DependencyContainer.global.declaredDependencyGraph().mermaid)
    /// ```
    ///
    /// - Returns: The graph, its edges the declared dependencies.
    public func declaredDependencyGraph() -> DependencyGraph {
        let check = GraphCheck(over: self)
        return DependencyGraph(
            nodes: Exploration.registrationNodes(of: self), edges: check.edges,
            failures: check.problems.map(\.description))
    }
}
