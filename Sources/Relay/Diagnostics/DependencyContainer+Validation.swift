extension DependencyContainer {
    /// Builds every registration of this container (for a root, also of its scopes) in a
    /// throwaway override, and reports every failure at once.
    ///
    /// Missing dependencies, cycles and factory errors are all found, each with its resolution
    /// path. The real singletons are not touched: what validation builds is dropped afterwards. A
    /// one-line test then catches a broken graph before any request does:
    ///
    /// ```swift
    /// @Test func theGraphIsComplete() throws {
    ///     try DefaultDependencyRegistry().registerDependencies()
    ///     try DependencyContainer.global.validate()
    /// }
    /// ```
    ///
    /// Factories run for real, so a factory with side effects (opening a connection) has them.
    ///
    /// - Throws: ``DependencyGraphError`` with code `validationFailed`, listing every failure.
    public func validate() throws {
        let exploration = explore(recording: false)
        if !exploration.failures.isEmpty {
            throw DependencyGraphError(code: .validationFailed, failures: exploration.failures)
        }
    }

    /// The registrations of this container (for a root, also of its scopes) and the dependencies
    /// between them, found by building each in a throwaway override as ``validate()`` does.
    ///
    /// - Returns: The graph, with the messages of registrations that could not be built.
    public func dependencyGraph() -> DependencyGraph {
        let exploration = explore(recording: true)
        let nodes = containersInFamily.flatMap { container in
            container.table.withRead { $0.allRegistrations }.map { registration in
                DependencyGraph.Node(
                    id: DependencyGraph.nodeID(scope: container.scope, key: registration.key),
                    scope: container.scope.tag, type: String(describing: registration.key.metatype),
                    name: registration.key.name, lifecycle: registration.lifecycle.rawValue,
                    injectedBy: registration.instruction)
            }
        }
        return DependencyGraph(
            nodes: nodes, edges: exploration.recorder?.recorded ?? [],
            failures: exploration.failures.map(\.description))
    }

    /// Resolves every registration of the family through a fresh override layer.
    private func explore(
        recording: Bool
    ) -> (failures: [DependencyResolutionError], recorder: DependencyGraph.Recorder?) {
        let recorder = recording ? DependencyGraph.Recorder() : nil
        let layer = OverrideLayer(base: root, outer: OverrideLayer.current, recorder: recorder)
        SlowPathGate.open()
        defer { SlowPathGate.close() }
        let failures = OverrideLayer.$current.withValue(layer) {
            var failures: [DependencyResolutionError] = []
            for container in containersInFamily {
                let registrations = container.table.withRead { $0.allRegistrations }
                failures += container.failures(building: registrations) {
                    try $0.resolveErased(in: container, under: layer)
                }
            }
            return failures
        }
        return (failures, recorder)
    }
}
